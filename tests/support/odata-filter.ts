/**
 * The OData $filter subset a RESO Web API server answers for replication, for the stand-in
 * server: comparisons (eq ne gt ge lt le), `in (...)`, and / or / not, parentheses; literals are
 * 'strings' (with '' for a quote), numbers, true / false / null, and DateTimeOffset values
 * (2024-01-01T00:00:00Z, compared as instants).
 */
export type Value = string | number | boolean | null | { readonly instant: number };
export type Filter =
  | { readonly op: 'and' | 'or'; readonly left: Filter; readonly right: Filter }
  | { readonly op: 'not'; readonly inner: Filter }
  | { readonly op: 'cmp'; readonly cmp: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'; readonly field: string; readonly value: Value }
  | { readonly op: 'in'; readonly field: string; readonly values: readonly Value[] };

export class FilterSyntaxError extends Error {}

type Token = { readonly kind: 'word' | 'string' | 'punct'; readonly text: string };

const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: 'punct', text: c });
      i++;
    } else if (c === "'") {
      let s = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new FilterSyntaxError('unterminated string literal');
        if (text[i] === "'") {
          if (text[i + 1] === "'") {
            s += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        s += text[i++];
      }
      tokens.push({ kind: 'string', text: s });
    } else {
      const m = /^[^\s(),']+/.exec(text.slice(i))!;
      tokens.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

export function parseFilter(text: string): Filter {
  const tokens = tokenize(text);
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => {
    const t = tokens[pos++];
    if (!t) throw new FilterSyntaxError('unexpected end of $filter');
    return t;
  };
  const expect = (text: string) => {
    const t = next();
    if (t.text !== text) throw new FilterSyntaxError(`expected ${text} but found ${t.text}`);
  };
  const literal = (): Value => {
    const t = next();
    if (t.kind === 'string') return t.text;
    if (t.kind !== 'word') throw new FilterSyntaxError(`expected a value but found ${t.text}`);
    if (t.text === 'true') return true;
    if (t.text === 'false') return false;
    if (t.text === 'null') return null;
    if (DATETIME.test(t.text)) return { instant: Date.parse(t.text) };
    if (/^-?\d+(\.\d+)?$/.test(t.text)) return Number(t.text);
    throw new FilterSyntaxError(`not a literal: ${t.text}`);
  };
  const primary = (): Filter => {
    const t = peek();
    if (t?.text === '(') {
      next();
      const inner = or();
      expect(')');
      return inner;
    }
    if (t?.text === 'not') {
      next();
      return { op: 'not', inner: primary() };
    }
    const field = next();
    if (field.kind !== 'word' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(field.text)) throw new FilterSyntaxError(`expected a field name but found ${field.text}`);
    const op = next().text;
    if (op === 'in') {
      expect('(');
      const values = [literal()];
      while (peek()?.text === ',') {
        next();
        values.push(literal());
      }
      expect(')');
      return { op: 'in', field: field.text, values };
    }
    if (!['eq', 'ne', 'gt', 'ge', 'lt', 'le'].includes(op)) throw new FilterSyntaxError(`unknown operator ${op}`);
    return { op: 'cmp', cmp: op as 'eq', field: field.text, value: literal() };
  };
  const and = (): Filter => {
    let left = primary();
    while (peek()?.text === 'and') {
      next();
      left = { op: 'and', left, right: primary() };
    }
    return left;
  };
  const or = (): Filter => {
    let left = and();
    while (peek()?.text === 'or') {
      next();
      left = { op: 'or', left, right: and() };
    }
    return left;
  };
  const result = or();
  if (pos !== tokens.length) throw new FilterSyntaxError(`unexpected ${tokens[pos]!.text}`);
  return result;
}

/** Compares a record's value with a literal; timestamps as instants (`instantOf` reads the record's text). */
export function compare(a: unknown, b: Value, instantOf: (text: string) => number): number | null {
  if (b === null || a === null || a === undefined) return a === b || (a === undefined && b === null) ? 0 : null;
  if (typeof b === 'object') {
    if (typeof a !== 'string') return null;
    const x = instantOf(a);
    return Number.isNaN(x) ? null : Math.sign(x - b.instant);
  }
  if (typeof a === 'number' && typeof b === 'number') return Math.sign(a - b);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : null;
  return null;
}

export function matches(f: Filter, record: Readonly<Record<string, unknown>>, instantOf: (text: string) => number): boolean {
  switch (f.op) {
    case 'and':
      return matches(f.left, record, instantOf) && matches(f.right, record, instantOf);
    case 'or':
      return matches(f.left, record, instantOf) || matches(f.right, record, instantOf);
    case 'not':
      return !matches(f.inner, record, instantOf);
    case 'in':
      return f.values.some((v) => compare(record[f.field], v, instantOf) === 0);
    case 'cmp': {
      const c = compare(record[f.field], f.value, instantOf);
      if (f.cmp === 'ne') return c !== 0;
      if (c === null) return false;
      return { eq: c === 0, gt: c > 0, ge: c >= 0, lt: c < 0, le: c <= 0 }[f.cmp];
    }
  }
}
