import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '../../src/modules/messaging/sms/twilio.sms';
import { WebClient } from './web-client';

export const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
export const TWILIO_TOKEN = 'test-auth-token-1234';
export const TWILIO_FROM = '+12065550000';
export const SMS_INBOUND = '/api/messaging/sms/inbound';
export const SMS_STATUS = '/api/messaging/sms/status';

/** A 1×1 PNG, what the stand-in serves as an MMS's picture. */
export const PNG_1X1 = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f1b2f70000000049454e44ae426082',
  'hex',
);

/**
 * A local stand-in for Twilio: the Messages API records each form POST and answers a SID (to
 * 555 555 0000 as Twilio answers an invalid 'To': 400, code 21211); media addresses under /media/
 * answer the PNG to the account's basic auth only.
 */
export async function twilioStandIn() {
  const received: { auth: string | undefined; path: string; form: URLSearchParams }[] = [];
  const mediaFetches: { path: string; auth: string | undefined }[] = [];
  const basic = `Basic ${Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64')}`;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.includes('/media/')) {
      mediaFetches.push({ path: req.url, auth: req.headers.authorization });
      if (req.headers.authorization !== basic) return void res.writeHead(401).end();
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1X1);
    }
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ auth: req.headers.authorization, path: req.url ?? '', form: new URLSearchParams(body) });
      const to = new URLSearchParams(body).get('To');
      if (to === '+15555550000') {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 }));
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${received.length.toString().padStart(32, '0')}` }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    url,
    received,
    mediaFetches,
    /** The environment that points the product's Twilio adapter here. */
    env: (publicUrl: string, extra: Record<string, string> = {}) => ({
      TWILIO_ACCOUNT_SID: TWILIO_SID,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM,
      TWILIO_API_URL: url,
      PUBLIC_URL: publicUrl,
      ...extra,
    }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * What Twilio posts to the inbound webhook for a text: the form, signed with `token` over
 * PUBLIC_URL and the path (a wrong token is a forgery).
 */
export function postInboundText(serverUrl: string, publicUrl: string, params: Record<string, string>, token: string | null = TWILIO_TOKEN) {
  return postSignedForm(serverUrl, publicUrl, SMS_INBOUND, params, token);
}

/** What Twilio posts to the status callback of a text we sent, signed as postInboundText signs. */
export function postTextStatus(serverUrl: string, publicUrl: string, params: Record<string, string>, token: string | null = TWILIO_TOKEN) {
  return postSignedForm(serverUrl, publicUrl, SMS_STATUS, params, token);
}

function postSignedForm(serverUrl: string, publicUrl: string, path: string, params: Record<string, string>, token: string | null) {
  const raw = { body: new URLSearchParams(params).toString(), contentType: 'application/x-www-form-urlencoded' };
  const headers: Record<string, string> = token === null ? {} : { 'x-twilio-signature': twilioSignature(token, `${publicUrl}${path}`, params) };
  return WebClient.for(serverUrl, 'localhost').request('POST', path, { raw, origin: null, headers });
}
