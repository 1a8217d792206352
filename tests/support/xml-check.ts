/**
 * A strict XML 1.0 well-formedness check for what the product writes (sitemaps): one root,
 * properly nested and closed elements, quoted attributes, no stray '<' or '&' in text, only the
 * five predefined entities or character references. Answers the tree of elements, or throws.
 */
export type XmlElement = { readonly name: string; readonly attrs: Record<string, string>; readonly children: XmlElement[]; text: string };

const NAME = '[A-Za-z_][\\w.:-]*';
const ATTR = new RegExp(
  `\\s+(${NAME})\\s*=\\s*("([^"<&]|&(amp|lt|gt|quot|apos|#\\d+|#x[0-9a-fA-F]+);)*"|'([^'<&]|&(amp|lt|gt|quot|apos|#\\d+|#x[0-9a-fA-F]+);)*')`,
  'y',
);
const TEXT_OK = /^([^<&]|&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)*$/;

const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[e]!);

export function parseXml(xml: string): XmlElement {
  let i = 0;
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0 || !/^<\?xml version="1\.[0-9]"( encoding="[A-Za-z0-9._-]+")?\s*\?>$/.test(xml.slice(0, end + 2))) throw new Error('bad XML declaration');
    i = end + 2;
  }
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt < 0 ? xml.length : lt);
    if (!TEXT_OK.test(text)) throw new Error(`bad text at ${i}: ${JSON.stringify(text.slice(0, 40))}`);
    if (stack.length === 0 && text.trim() !== '') throw new Error(`text outside the root at ${i}`);
    if (stack.length > 0) stack.at(-1)!.text += unescape(text);
    if (lt < 0) break;
    i = lt;
    const close = new RegExp(`</(${NAME})\\s*>`, 'y');
    close.lastIndex = i;
    const c = close.exec(xml);
    if (c) {
      const open = stack.pop();
      if (!open || open.name !== c[1]) throw new Error(`</${c[1]}> closes ${open ? `<${open.name}>` : 'nothing'}`);
      i = close.lastIndex;
      continue;
    }
    const start = new RegExp(`<(${NAME})`, 'y');
    start.lastIndex = i;
    const s = start.exec(xml);
    if (!s) throw new Error(`bad markup at ${i}: ${JSON.stringify(xml.slice(i, i + 40))}`);
    i = start.lastIndex;
    const el: XmlElement = { name: s[1]!, attrs: {}, children: [], text: '' };
    for (;;) {
      ATTR.lastIndex = i;
      const a = ATTR.exec(xml);
      if (!a) break;
      if (a[1]! in el.attrs) throw new Error(`attribute ${a[1]} twice`);
      el.attrs[a[1]!] = unescape(a[2]!.slice(1, -1));
      i = ATTR.lastIndex;
    }
    const tail = /\s*(\/?)>/y;
    tail.lastIndex = i;
    const t = tail.exec(xml);
    if (!t) throw new Error(`unclosed tag <${el.name}> at ${i}`);
    i = tail.lastIndex;
    if (stack.length > 0) stack.at(-1)!.children.push(el);
    else if (root) throw new Error('a second root element');
    else root = el;
    if (!t[1]) stack.push(el);
  }
  if (stack.length > 0) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}
