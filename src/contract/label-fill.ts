/**
 * A catalogue label with its values in: `{name}` is `vars.name` (numbers written the English
 * way, 1,234). The same on the server-rendered pages and in the web app.
 */
export const fill = (text: string, vars?: Readonly<Record<string, string | number>>): string =>
  vars ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? (typeof vars[k] === 'number' ? vars[k].toLocaleString('en-US') : String(vars[k])) : m)) : text;
