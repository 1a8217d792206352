import { randomBytes } from 'node:crypto';
import { html } from '../../../shared/html';

/**
 * The page a signed-out browser gets from an alert link: it posts the token back to the same
 * address, by itself (a script allowed by a one-time nonce) or with its button when scripts are
 * off. Nothing of the lead is on it; the token only goes back to where it came from.
 */
export function continuePage(alertId: string, token: string): { html: string; csp: string } {
  const nonce = randomBytes(16).toString('base64');
  const csp = `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>Opening your home alert…</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 28rem; text-align: center">
<form method="post" action="/api/alerts/${alertId}/open">
<input type="hidden" name="t" value="${token}">
<p>Opening the home from your alert…</p>
<button type="submit" style="font-size: 1rem; padding: 0.6rem 1.2rem">Continue to the home</button>
</form>
<script nonce="${nonce}">document.forms[0].submit();</script>
</body></html>`.text;
  return { html: page, csp };
}
