/**
 * HTML built from strings, where every interpolated value is text unless it is Html already: a
 * listing's remarks, an agent's bio, a lead's name or message can never become markup. The
 * public pages and every HTML e-mail are written with it.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value (both quotes escaped). */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

export type HtmlPart = Html | string | number | null | undefined | false | readonly HtmlPart[];

const render = (part: HtmlPart): string => {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
};

/** The tagged template: html`<p>${remarks}</p>` escapes remarks; arrays and nested html`` join. */
export function html(strings: TemplateStringsArray, ...values: HtmlPart[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Parts joined with a separator (`\n` between e-mail rows), empty ones left out. */
export const joinHtml = (parts: readonly HtmlPart[], separator: string): Html =>
  new Html(
    parts
      .map(render)
      .filter((p) => p !== '')
      .join(escapeHtml(separator)),
  );
