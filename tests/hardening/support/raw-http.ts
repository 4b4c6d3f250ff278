import { connect } from 'node:net';

/**
 * A multipart body built by hand, so a file name can carry bytes a browser's FormData would
 * escape (CR, LF, NUL, quotes): what a hostile client can send.
 */
export function multipartBody(files: Array<{ name: string; bytes: Buffer }>): { body: Buffer; type: string } {
  const boundary = `mkhostile${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        'utf8',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

export interface StalledRequest {
  /** Milliseconds from the first byte sent until the server answered or closed. */
  ms: number;
  /** The raw response, if any. */
  response: string;
  status?: number;
  closed: boolean;
}

/**
 * Sends `head` and `partialBody` on a raw socket, then nothing more: a client that stalls
 * mid-upload. Resolves when the server answers and closes, or after `giveUpMs`.
 */
export function stallRequest(
  port: number,
  head: string,
  partialBody: Buffer,
  giveUpMs: number,
): Promise<StalledRequest> {
  return new Promise((resolve) => {
    const started = Date.now();
    let response = '';
    let answeredAt: number | undefined;
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head);
      socket.write(partialBody);
    });
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]) || undefined;
      resolve({ ms: (answeredAt ?? Date.now()) - started, response, status, closed });
    };
    socket.on('data', (chunk) => {
      response += chunk.toString('utf8');
      answeredAt ??= Date.now();
      // A complete answer is enough: whether the server also closes is its business.
      const [headers, body = ''] = response.split('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1]);
      if (Number.isFinite(length) && Buffer.byteLength(body) >= length) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => {});
    const timer = setTimeout(() => finish(false), giveUpMs);
  });
}
