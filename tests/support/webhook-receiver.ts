import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver for tests: records every request; a path may be told to answer some
 * statuses first (then 204). `connections` counts every TCP connection, answered or not.
 */
export class Receiver {
  readonly received: Received[] = [];
  connections = 0;
  private readonly answers = new Map<string, number[]>();
  private server: Server | undefined;
  url = '';

  async start(host: string): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.statusCode = this.answers.get(path)?.shift() ?? 204;
        response.end();
      });
    });
    this.server.on('connection', () => {
      this.connections += 1;
    });
    await new Promise<void>((resolve) => this.server?.listen(0, host, resolve));
    this.url = `http://${host}:${(this.server.address() as AddressInfo).port}`;
  }

  answerFirst(path: string, statuses: number[]): void {
    this.answers.set(path, statuses);
  }

  at(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async waitFor(path: string, count: number, timeoutMs = 60_000): Promise<Received[]> {
    const until = Date.now() + timeoutMs;
    while (this.at(path).length < count) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${count} deliveries to ${path}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return this.at(path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
