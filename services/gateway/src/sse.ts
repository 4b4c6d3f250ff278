import type { ServerResponse } from 'node:http';

/**
 * A server-sent events stream on a raw response. Fastify hands the response over (reply.hijack)
 * because the stream outlives the handler; this keeps the wire format in one place.
 */
export interface EventStream {
  send(event: string, data: unknown): void;
  /** A comment line: keeps proxies and browsers from closing an idle connection. */
  comment(text: string): void;
  end(): void;
  readonly closed: boolean;
}

export function openEventStream(
  raw: ServerResponse,
  headers: Record<string, string | number | string[] | undefined>,
): EventStream {
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    // nginx buffers responses by default, which would hold events back until the stream ends.
    'x-accel-buffering': 'no',
  });
  // The client may have gone while the job was being read.
  let closed = raw.destroyed || raw.writableEnded;
  raw.on('close', () => {
    closed = true;
  });
  return {
    // JSON.stringify never emits a raw newline, so one `data:` line always carries the whole value.
    send: (event, data) => void (closed || raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    comment: (text) => void (closed || raw.write(`: ${text}\n\n`)),
    end: () => {
      if (closed) return;
      closed = true;
      raw.end();
    },
    get closed() {
      return closed;
    },
  };
}
