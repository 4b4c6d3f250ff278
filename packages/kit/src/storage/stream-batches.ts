import { Readable } from 'node:stream';

/**
 * About how many bytes the encrypted store passes on per stream step, and how much a file write
 * stream that takes such a stream should accept before it asks to wait (its highWaterMark).
 *
 * One 64 KiB chunk per stream step costs more than the AES itself, so chunks go on in batches. A
 * batch is not joined into one Buffer: that would copy every byte once more and hold the joins in
 * the files service's memory while it serves a large download. A file write stream with the
 * default 16 KiB highWaterMark would write each piece of a batch with its own write(2); with this
 * one it writes the batch with one writev(2). The measurements: docs/benchmarks.md.
 */
export const STREAM_BATCH_BYTES = 1024 * 1024;

/** Pieces gathered for one stream step, in order. */
export class Batch {
  private pieces: Buffer[] = [];
  size = 0;

  push(...pieces: Buffer[]): void {
    for (const piece of pieces) {
      if (piece.length === 0) continue;
      this.pieces.push(piece);
      this.size += piece.length;
    }
  }

  /** The pieces gathered so far, leaving the batch empty. */
  take(): Buffer[] {
    const pieces = this.pieces;
    this.pieces = [];
    this.size = 0;
    return pieces;
  }
}

/**
 * A byte stream of what `batches` yields: each batch in one step, its pieces pushed one by one, so
 * a consumer that buffers (a file or socket write stream) gets them together and writes them at
 * once. Like Readable.from: an error from the generator destroys the stream with it, and a stream
 * destroyed early (a client that went away) ends the generator, so its `finally` closes what it
 * reads from.
 */
export function readableFromBatches(batches: AsyncGenerator<Buffer[]>): Readable {
  // Readable calls read() again once a push leaves room; a batch still on its way must not be
  // asked for twice.
  let reading = false;
  return new Readable({
    read() {
      if (reading) return;
      reading = true;
      const next = (): void => {
        batches.next().then(
          (step) => {
            if (step.done) {
              reading = false;
              this.push(null);
              return;
            }
            // Nothing pushed means no further read() call: ask the generator again.
            if (!step.value.some((piece) => piece.length > 0)) return next();
            reading = false;
            for (const piece of step.value) if (piece.length > 0) this.push(piece);
          },
          (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
        );
      };
      next();
    },
    destroy(error, callback) {
      batches.return(undefined).then(
        () => callback(error),
        (returnError: unknown) => callback(error ?? (returnError as Error)),
      );
    },
  });
}
