import { html, type HtmlPart, joinHtml } from '../../shared/html';

/**
 * The frame of the product's HTML e-mails (alerts, shares, listings sent to a lead): a 560 px
 * card under the site's name, then the rows given — each a `<tr>` made with html``.
 */
export function mailPage(siteName: string, rows: readonly HtmlPart[]): string {
  return html`<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111827;margin:0;padding:16px;background:#f9fafb">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#fff;padding:16px;border-radius:8px">
<tr><td style="font-size:18px;font-weight:700;padding-bottom:8px;border-bottom:3px solid #f59e0b">${siteName}</td></tr>
${joinHtml(rows, '\n')}
</table></body></html>`.text;
}
