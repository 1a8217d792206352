import http from 'node:http';

export type WebResponse = {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  readonly body: any;
  /** Set-Cookie headers of this response, raw. */
  readonly setCookies: string[];
};

export type RequestOptions = {
  /** JSON body; or raw bytes with a content type. */
  readonly json?: unknown;
  readonly raw?: { readonly body: Buffer | string; readonly contentType: string };
  /** Origin to send; default: the client's own site for state-changing requests; null: none. */
  readonly origin?: string | null;
  readonly headers?: Record<string, string>;
};

/**
 * A browser stand-in for HTTP tests: talks to the server on 127.0.0.1 while naming any Host
 * (so sites resolve by subdomain), keeps cookies like a browser, and sends the site's Origin on
 * state-changing requests unless told otherwise.
 */
export class WebClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly port: number,
    readonly host: string,
  ) {}

  static for(serverUrl: string, hostname = 'demo.localhost'): WebClient {
    const port = Number(new URL(serverUrl).port);
    return new WebClient(port, `${hostname}:${port}`);
  }

  get origin(): string {
    return `http://${this.host}`;
  }

  get(path: string, opts: RequestOptions = {}) {
    return this.request('GET', path, opts);
  }

  post(path: string, json?: unknown, opts: RequestOptions = {}) {
    return this.request('POST', path, { json: json ?? {}, ...opts });
  }

  delete(path: string, opts: RequestOptions = {}) {
    return this.request('DELETE', path, opts);
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  request(method: string, path: string, opts: RequestOptions = {}): Promise<WebResponse> {
    const headers: Record<string, string> = { host: this.host, accept: 'application/json', ...opts.headers };
    let payload: Buffer | undefined;
    if (opts.json !== undefined) {
      payload = Buffer.from(JSON.stringify(opts.json));
      headers['content-type'] = 'application/json';
    } else if (opts.raw) {
      payload = Buffer.isBuffer(opts.raw.body) ? opts.raw.body : Buffer.from(opts.raw.body);
      headers['content-type'] = opts.raw.contentType;
    }
    if (payload) headers['content-length'] = String(payload.length);
    const origin = opts.origin === undefined ? (method === 'GET' ? null : this.origin) : opts.origin;
    if (origin) headers.origin = origin;
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const setCookies = res.headers['set-cookie'] ?? [];
          for (const c of setCookies) this.store(c);
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body, setCookies });
        });
      });
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  }

  private store(setCookie: string): void {
    const [pair, ...attrs] = setCookie.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k, v] = a.trim().split('=');
      return (k!.toLowerCase() === 'max-age' && Number(v) <= 0) || (k!.toLowerCase() === 'expires' && Date.parse(v ?? '') < Date.now());
    });
    if (expired || value === '') this.cookies.delete(name);
    else this.cookies.set(name, value);
  }
}

/** A multipart/form-data body with one file (and text fields before it). */
export function multipartFile(field: string, filename: string, bytes: Buffer, contentType = 'application/octet-stream', fields: Record<string, string> = {}) {
  const boundary = `----porchlight${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
