import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { signUp } from '../support/sign-in.ts';

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

  /** A resumable (tus) upload in two PATCHes, as a browser resuming it sends them; the new file's id. */
  async uploadTus(bytes: Buffer, name: string): Promise<string> {
    const tus = { 'tus-resumable': '1.0.0' };
    const created = await this.request('POST', '/uploads', {
      headers: {
        ...tus,
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
      },
    });
    if (created.status !== 201) throw new Error(`POST /uploads answered ${created.status}`);
    const path = new URL(created.headers.get('location') as string, this.baseUrl).pathname.replace(
      '/api/v1',
      '',
    );
    const half = Math.floor(bytes.length / 2);
    let finished: Response | undefined;
    for (const [offset, chunk] of [
      [0, bytes.subarray(0, half)],
      [half, bytes.subarray(half)],
    ] as const) {
      finished = await this.request('PATCH', path, {
        headers: {
          ...tus,
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: chunk,
      });
      if (finished.status !== 204)
        throw new Error(`PATCH ${path} answered ${finished.status}: ${await finished.text()}`);
    }
    return finished?.headers.get('mk-file-id') as string;
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
  async events(
    jobId: string,
    timeoutMs = 120_000,
    headers: Record<string, string> = {},
  ): Promise<{ event: string; data: any }[]> {
    const response = await this.request('GET', `/jobs/${jobId}/events`, {
      headers: { accept: 'text/event-stream', ...headers },
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

  /** A new account on `plan` (a paid one keeps its files for days: retention stays out of the way). */
  static async signUp(
    gatewayUrl: string,
    plan: 'free' | 'pro' | 'business',
    name = 'Keeper',
  ): Promise<UserClient> {
    const client = new UserClient(gatewayUrl);
    client.token = (await signUp(gatewayUrl, { name })).token;
    if (plan === 'free') return client;
    const upgraded = await client.json('PUT', '/account/subscription', {
      plan,
      billing: { name, address: '1 Keep Street', country: 'NL' },
    });
    if (upgraded.status !== 200)
      throw new Error(`the ${plan} plan was refused: ${JSON.stringify(upgraded.body)}`);
    return client;
  }

  override request(method: string, path: string, init: Parameters<ApiClient['request']>[2] = {}) {
    return super.request(method, path, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${this.token}` },
    });
  }
}
