import { Html } from '../../shared/html';

/**
 * JSON inside <script type="application/ld+json">: a data block the browser never runs (CSP's
 * script-src does not apply), written so that no value can close the element or open a comment.
 */
export function jsonLdScript(data: unknown): Html {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return new Html(`<script type="application/ld+json">${json}</script>`);
}
