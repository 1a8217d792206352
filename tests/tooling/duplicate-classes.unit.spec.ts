import { describe, expect, it } from 'vitest';
import { classifyPair, parseRow } from '../../scripts/duplicate-classes.mjs';

const side = (file: string, text: string) => ({ file, lines: text.split('\n') });

/** Issue 13: which `duplicates` rows count as real logic (scripts/duplicate-pairs.mjs). */
describe('the kinds of a duplicates pair', () => {
  it('reads a row, its shape and boilerplate marks and its extra runs', () => {
    expect(parseRow('D3 src/a.ts:10-19 ~ web/src/b.tsx:4-13 shape boilerplate (+2 more runs)')).toEqual({
      a: { file: 'src/a.ts', from: 10, to: 19 },
      b: { file: 'web/src/b.tsx', from: 4, to: 13 },
      shape: true,
      boilerplate: true,
    });
    expect(parseRow('D1 a.ts:1-6 ~ b.ts:1-6')?.shape).toBe(false);
    expect(parseRow('(+209 more pairs)')).toBeUndefined();
  });

  it('calls stylesheets css and two tests test set-up, whatever they share', () => {
    expect(classifyPair(side('a.module.css', 'color: red;'), side('b.css', 'color: red;'))).toBe('css');
    expect(classifyPair(side('tests/x/a.int.spec.ts', 'await go();'), side('tests/support/b.ts', 'await go();'))).toBe('test');
    expect(classifyPair(side('src/a.ts', 'await go();'), side('tests/support/b.ts', 'await go();'))).toBe('logic');
  });

  it('knows Nest wiring, table definitions and field lists', () => {
    const wiring = `constructor(\n  private readonly store: EventStore,\n  @Inject(PUSH) private readonly push: Push,\n  private readonly pool: Pool,\n) {}`;
    expect(classifyPair(side('src/a.ts', wiring), side('src/b.ts', wiring))).toBe('wiring');
    const ddl = 'CREATE TABLE IF NOT EXISTS x (\n  id TEXT PRIMARY KEY,\n  at TIMESTAMPTZ NOT NULL,\n  n INTEGER NOT NULL DEFAULT 0\n);';
    expect(classifyPair(side('src/a.ts', ddl), side('src/b.ts', ddl))).toBe('ddl');
    const fields = 'export type A = {\n  id: string;\n  name?: string | null;\n  at: z.string().min(1),\n};';
    expect(classifyPair(side('src/a.ts', fields), side('src/b.ts', fields))).toBe('fields');
    const props = '<LeadList\n  {...list}\n  leads={leads}\n  total={feed.total}\n  role="agent"\n  onSelect={select}\n/>';
    expect(classifyPair(side('web/a.tsx', props), side('web/b.tsx', props))).toBe('fields');
    const rows =
      "export const SORTS = [\n  { value: '', label: 'Newest' },\n  { value: 'name', label: 'Name A–Z (first)' },\n  { value: '-name', label: 'Name Z–A' },\n];";
    expect(classifyPair(side('web/a.ts', rows), side('web/b.ts', rows))).toBe('fields');
    const wired = `@Controller('api/x')\nexport class X {\n  constructor(\n    @Inject(EventStore) private readonly store: EventStore,\n  ) {}\n  @ApiDoc({ summary: 'x (y)', tag: 'z' })`;
    expect(classifyPair(side('src/a.ts', wired), side('src/b.ts', wired))).toBe('wiring');
  });

  it('calls the rest logic, and a run only partly declarative too', () => {
    const mixed = 'id: string;\nname: string;\nconst x = await load(id);\nif (!x) throw new NotFound();\nreturn show(x);';
    expect(classifyPair(side('src/a.ts', mixed), side('src/b.ts', mixed))).toBe('logic');
  });
});
