import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_UPLOAD_TOKEN, SIGN_IN_TO_UPLOAD } from '../../src/modules/uploads/upload-access.guard';
import { UPLOADS_PER_ADDRESS, UPLOADS_PER_USER, USER_DAILY_BYTES, USER_DAILY_MB } from '../../src/modules/uploads/upload-limits';
import { newLead, startDashboardServer } from '../support/dashboard-fixture';
import { multipartFile, type WebClient, WebClient as Client } from '../support/web-client';

const UPLOAD = '/api/upload?object=uploads&action=uploadfiles';
const pdf = (size = 0) =>
  Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1'), Buffer.alloc(size, 0x20), Buffer.from('trailer\n%%EOF\n')]);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

/** Behind our own proxy (TRUST_PROXY=1) each request names the visitor's address. */
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('uploads need a session or a signed upload token, and are limited per address and per user', () => {
  let fixture: Awaited<ReturnType<typeof startDashboardServer>>;
  let dataDir: string;
  const stored = async () => (await fs.readdir(path.join(dataDir, 'uploads')).catch(() => [])).length;
  const visitor = () => Client.for(fixture.server.url, 'demo.localhost');
  const upload = (c: WebClient, bytes: Buffer, address: string, token?: string) =>
    c.request('POST', UPLOAD, { raw: multipartFile('file', 'f', bytes), headers: { ...from(address).headers, ...(token ? { 'x-upload-token': token } : {}) } });
  const uploadToken = async (c: WebClient, address: string) => {
    const res = await c.post('/api/upload/token', { form: 'inquiry' }, from(address));
    expect(res.status, res.text).toBe(200);
    return res.body.token as string;
  };

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'porchlight-uploads-'));
    fixture = await startDashboardServer({ TRUST_PROXY: '1', DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await fixture?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a signed-out upload without a token is 401 and writes nothing', async () => {
    const res = await upload(visitor(), pdf(), '10.0.0.1');
    expect(res).toMatchObject({ status: 401, body: { message: SIGN_IN_TO_UPLOAD } });
    expect(await stored()).toBe(0);
  });

  it("a signed-out visitor's token uploads one resume for the inquiry form, which then takes it", async () => {
    const v = visitor();
    const token = await uploadToken(v, '10.0.1.1');
    const up = await upload(v, pdf(), '10.0.1.1', token);
    expect(up.status, up.text).toBe(201);
    expect(await upload(v, pdf(), '10.0.1.1', token)).toMatchObject({ status: 403, body: { message: BAD_UPLOAD_TOKEN } });
    expect(await upload(v, pdf(), '10.0.1.1', token.slice(0, -2) + 'xx')).toMatchObject({ status: 403, body: { message: BAD_UPLOAD_TOKEN } });
    const photo = await upload(v, png, '10.0.1.1', await uploadToken(v, '10.0.1.1'));
    expect(photo).toMatchObject({ status: 400, body: { message: 'Failed to upload resume: please choose a PDF or Word document' } });
    expect((await v.post('/api/upload/token', { form: 'account' })).status).toBe(400);

    const FileURL = up.body.data.files[0].FileURL as string;
    const inquiry = await v.post(
      '/api/account/inquiry',
      { FullName: 'Rosa Resume', Email: 'rosa@example.com', Phone: '2065550199', LeadType: 'Resume', ResumeUrl: FileURL },
      from('10.0.1.1'),
    );
    expect(inquiry.status, inquiry.text).toBe(200);
    expect(await stored()).toBe(1);
  });

  it(`the ${UPLOADS_PER_ADDRESS.limit + 1}st upload from one address in an hour is 429, signed in or not`, async () => {
    const v = visitor();
    for (let i = 0; i < UPLOADS_PER_ADDRESS.limit; i++) expect((await upload(v, pdf(), '10.0.2.1', await uploadToken(v, '10.0.2.1'))).status).toBe(201);
    const refused = await upload(v, pdf(), '10.0.2.1', await uploadToken(v, '10.0.2.1'));
    expect(refused).toMatchObject({ status: 429, body: { message: UPLOADS_PER_ADDRESS.message } });
    const lead = (await newLead(fixture.server, 'demo.localhost', {})).client;
    expect((await upload(lead, pdf(), '10.0.2.1')).status).toBe(429);
    expect((await upload(lead, pdf(), '10.0.2.2')).status).toBe(201);
  });

  it(`one user: at most ${UPLOADS_PER_USER.limit} uploads an hour and ${USER_DAILY_MB} MB a day, from any addresses`, async () => {
    const lead = (await newLead(fixture.server, 'demo.localhost')).client;
    const big = pdf(Math.floor(4.9 * 1024 * 1024));
    for (let i = 0; i < 10; i++) expect((await upload(lead, big, `10.0.3.${i}`)).status).toBe(201);
    expect(await upload(lead, big, '10.0.3.100')).toMatchObject({ status: 429, body: { message: USER_DAILY_BYTES.message } });
    for (let i = 0; i < UPLOADS_PER_USER.limit - 11; i++) expect((await upload(lead, pdf(), `10.0.4.${i}`)).status).toBe(201);
    expect(await upload(lead, pdf(), '10.0.4.200')).toMatchObject({ status: 429, body: { message: UPLOADS_PER_USER.message } });
  });

  it('upload tokens themselves are limited per address', async () => {
    const v = visitor();
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await v.post('/api/upload/token', { form: 'inquiry' }, from('10.0.5.1'))).status;
    expect(last).toBe(429);
  });
});
