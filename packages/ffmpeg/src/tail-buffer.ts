/**
 * Keeps only the last `limit` bytes written to it. ffmpeg can print megabytes of warnings on a
 * damaged input; only the end matters for diagnosing a failure, so memory stays bounded.
 */
export class TailBuffer {
  readonly limit: number;
  #chunks: Buffer[] = [];
  #size = 0;

  constructor(limit = 64 * 1024) {
    this.limit = limit;
  }

  push(chunk: Buffer | string): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (buf.length >= this.limit) {
      this.#chunks = [buf.subarray(buf.length - this.limit)];
      this.#size = this.limit;
      return;
    }
    this.#chunks.push(buf);
    this.#size += buf.length;
    // Drop whole chunks from the front while we still hold more than the limit without them.
    while (this.#size - this.#chunks[0].length >= this.limit) {
      this.#size -= this.#chunks[0].length;
      this.#chunks.shift();
    }
  }

  toString(): string {
    const all = Buffer.concat(this.#chunks, this.#size);
    const tail = all.length > this.limit ? all.subarray(all.length - this.limit) : all;
    // The cut may land inside a multi-byte character; the replacement char it yields is harmless.
    return tail.toString('utf8');
  }
}
