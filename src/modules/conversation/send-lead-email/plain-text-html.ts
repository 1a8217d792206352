import { type Html, html, joinHtml } from '../../../shared/html';

// Web addresses (http, https, or starting with www.) and e-mail addresses; nothing else becomes a link.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+|\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/gi;
const BULLET = /^[ \t]*[-*•][ \t]+(.*)$/;
const NUMBERED = /^[ \t]*\d{1,3}[.)][ \t]+(.*)$/;

/** A link's end: sentence punctuation after it is not part of it, nor a closing bracket it did not open. */
function trimLink(raw: string): string {
  let url = raw.replace(/[.,;:!?'"*]+$/, '');
  while (url.endsWith(')') && (url.match(/\(/g) ?? []).length < (url.match(/\)/g) ?? []).length) url = url.slice(0, -1).replace(/[.,;:!?'"*]+$/, '');
  return url;
}

/** One line of text as HTML: every character escaped, addresses as links. */
export function inlineHtml(text: string): Html {
  const out: Html[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK)) {
    const start = m.index;
    if (start < at) continue;
    const web = /^(https?:\/\/|www\.)/i.test(m[0]);
    const shown = web ? trimLink(m[0]) : m[0];
    const href = !web ? `mailto:${shown}` : /^www\./i.test(shown) ? `https://${shown}` : shown;
    out.push(html`${text.slice(at, start)}<a href="${href}">${shown}</a>`);
    at = start + shown.length;
  }
  return html`${out}${text.slice(at)}`;
}

const BR = html`<br>
`;

type Run = { readonly kind: 'p' | 'ul' | 'ol'; readonly lines: string[] };

/**
 * The HTML part of a CRM e-mail, made from the agent's plain text by our code alone (the agent
 * never writes HTML: `<b>` arrives as the text "<b>"): paragraphs at blank lines, line breaks
 * kept, lines starting with "-", "*" or "•" as a bulleted list and "1." or "1)" as a numbered
 * one, web and e-mail addresses as links (http and https only; nothing else is ever a link).
 */
export function plainTextToHtml(text: string): Html {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/);
  const out: Html[] = [];
  for (const block of blocks) {
    const runs: Run[] = [];
    for (const line of block.split('\n')) {
      if (!line.trim()) continue;
      const bullet = BULLET.exec(line);
      const numbered = bullet ? null : NUMBERED.exec(line);
      const kind = bullet ? 'ul' : numbered ? 'ol' : 'p';
      const content = bullet?.[1] ?? numbered?.[1] ?? line;
      const last = runs.at(-1);
      if (last?.kind === kind) last.lines.push(content);
      else runs.push({ kind, lines: [content] });
    }
    for (const run of runs) {
      const lines = run.lines.map(inlineHtml);
      if (run.kind === 'p') out.push(html`<p style="margin:0 0 12px">${lines.flatMap((l, i) => (i === 0 ? [l] : [BR, l]))}</p>`);
      else if (run.kind === 'ul') out.push(html`<ul style="margin:0 0 12px;padding-left:24px">${lines.map((l) => html`<li>${l}</li>`)}</ul>`);
      else out.push(html`<ol style="margin:0 0 12px;padding-left:24px">${lines.map((l) => html`<li>${l}</li>`)}</ol>`);
    }
  }
  return joinHtml(out, '\n');
}
