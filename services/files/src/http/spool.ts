import { createWriteStream } from 'node:fs';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The upload went past its size limit; nothing of it should be kept. */
export class SpoolLimitError extends Error {
  constructor(limit: number) {
    super(`upload exceeded ${limit} bytes`);
    this.name = 'SpoolLimitError';
  }
}

/**
 * Streams an upload to a local file, counting bytes as they pass: one byte past `maxBytes` stops
 * the copy (destroying the source, which makes the multipart parser stop reading it). Memory use
 * is a few stream buffers whatever the file's size. The caller deletes `path` in every case.
 */
export async function spoolToFile(
  source: Readable & { truncated?: boolean },
  path: string,
  maxBytes: number,
  /** Aborting (a stalled upload: stall-watch.ts) stops the copy and rejects. */
  signal?: AbortSignal,
): Promise<number> {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(bytes > maxBytes ? new SpoolLimitError(maxBytes) : null, chunk);
    },
  });
  await pipeline(source, counter, createWriteStream(path), { signal });
  // The parser's own limit sits one byte above ours, so this is a second guard, not the first.
  if (source.truncated) throw new SpoolLimitError(maxBytes);
  return bytes;
}
