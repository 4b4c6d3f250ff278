import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';

/**
 * A tiny client of the public API, used the way a browser would: a cookie jar holding the
 * anonymous `mk_guest` owner, multipart uploads, JSON calls and the SSE stream.
 */
export class ApiClient {
  private cookie = '';
  readonly baseUrl: string;
  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(
    method: string,
    path: string,
    init: { body?: RequestInit['body']; headers?: Record<string, string>; json?: unknown } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    const setCookie = response.headers.get('set-cookie');
    const guest = setCookie?.match(/mk_guest=([^;]+)/);
    if (guest) this.cookie = `mk_guest=${guest[1]}`;
    return response;
  }

  async json<T = any>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.request(method, path, json === undefined ? {} : { json });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async upload(paths: string[], names?: string[]): Promise<{ status: number; body: any }> {
    const form = new FormData();
    for (const [i, path] of paths.entries()) {
      form.append('file', new Blob([await readFile(path)]), names?.[i] ?? basename(path));
    }
    const response = await this.request('POST', '/files', { body: form });
    return { status: response.status, body: await response.json() };
  }

  async download(path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const response = await this.request('GET', path);
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  /** Follows `GET /jobs/{id}/events` to its end and returns every event in order. */
  async events(jobId: string, timeoutMs = 120_000): Promise<{ event: string; data: any }[]> {
    const response = await this.request('GET', `/jobs/${jobId}/events`, {
      headers: { accept: 'text/event-stream' },
    });
    if (response.status !== 200)
      throw new Error(`events answered ${response.status}: ${await response.text()}`);
    const events: { event: string; data: any }[] = [];
    const decoder = new TextDecoder();
    let buffer = '';
    const timer = setTimeout(() => void response.body?.cancel(), timeoutMs);
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.match(/^event: (.*)$/m)?.[1];
          const data = block.match(/^data: (.*)$/m)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } finally {
      clearTimeout(timer);
    }
    return events;
  }

  /** A second visitor: same server, no cookie. */
  /** The `Cookie` header this client sends (for hand-made requests). */
  get cookieHeader(): string {
    return this.cookie;
  }

  stranger(): ApiClient {
    return new ApiClient(this.baseUrl);
  }
}

/** The same client signed in: a bearer token instead of the guest cookie. */
export class UserClient extends ApiClient {
  token = '';
  override request(method: string, path: string, init: Parameters<ApiClient['request']>[2] = {}) {
    return super.request(method, path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${this.token}` },
    });
  }
}
