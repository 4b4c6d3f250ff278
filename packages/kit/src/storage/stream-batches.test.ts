import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { Batch, readableFromBatches, STREAM_BATCH_BYTES } from './stream-batches.ts';

const PIECE = 64 * 1024;

/** A write stream that records each call it gets: one write, or one writev of several pieces. */
function recordingSink(highWaterMark: number) {
  const calls: number[] = [];
  const received: Buffer[] = [];
  const sink = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      calls.push(1);
      received.push(chunk);
      setImmediate(callback);
    },
    writev(chunks, callback) {
      calls.push(chunks.length);
      for (const { chunk } of chunks) received.push(chunk as Buffer);
      setImmediate(callback);
    },
  });
  return { sink, calls, received };
}

describe('readableFromBatches', () => {
  it('passes every piece on in order, skips empty batches and ends', async () => {
    const pieces = Array.from({ length: 40 }, () => randomBytes(1000 + Math.floor(Math.random() * 5000)));
    async function* batches() {
      yield [];
      for (let i = 0; i < pieces.length; i += 7) yield [...pieces.slice(i, i + 7), Buffer.alloc(0)];
      yield [];
    }
    const { sink, received } = recordingSink(STREAM_BATCH_BYTES);
    await pipeline(readableFromBatches(batches()), sink);
    expect(Buffer.concat(received).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('hands a write stream of STREAM_BATCH_BYTES each batch at once, to write with one writev', async () => {
    const batch = () => Array.from({ length: STREAM_BATCH_BYTES / PIECE }, () => Buffer.alloc(PIECE, 7));
    async function* batches() {
      for (let i = 0; i < 8; i++) yield batch();
    }
    const big = recordingSink(STREAM_BATCH_BYTES);
    await pipeline(readableFromBatches(batches()), big.sink);
    // 8 batches of 16 pieces: at most a write and a writev per batch.
    expect(big.calls.length).toBeLessThanOrEqual(16);
    expect(Math.max(...big.calls)).toBeGreaterThan(8);

    // The default highWaterMark (16 KiB) would take them one by one.
    const small = recordingSink(16 * 1024);
    await pipeline(readableFromBatches(batches()), small.sink);
    expect(small.calls.length).toBe(8 * 16);
  });

  it('destroys the stream with the error the generator throws', async () => {
    async function* batches() {
      yield [Buffer.from('first')];
      throw new Error('chunk 1 failed authentication');
    }
    const { sink, received } = recordingSink(STREAM_BATCH_BYTES);
    await expect(pipeline(readableFromBatches(batches()), sink)).rejects.toThrow(
      'chunk 1 failed authentication',
    );
    expect(Buffer.concat(received).toString()).toBe('first');
  });

  it('ends the generator when the stream is destroyed early, so its finally closes the source', async () => {
    let closed = false;
    let produced = 0;
    async function* batches() {
      try {
        for (;;) {
          produced++;
          yield [Buffer.alloc(PIECE)];
        }
      } finally {
        closed = true;
      }
    }
    const stream = readableFromBatches(batches());
    for await (const _piece of stream) break; // a reader that goes away after the first piece
    expect(stream.destroyed).toBe(true);
    expect(closed).toBe(true);
    expect(produced).toBeLessThan(50);
  });
});

describe('Batch', () => {
  it('keeps non-empty pieces in order with their total size, and take() empties it', () => {
    const batch = new Batch();
    batch.push(Buffer.from('ab'), Buffer.alloc(0), Buffer.from('cde'));
    expect(batch.size).toBe(5);
    expect(Buffer.concat(batch.take()).toString()).toBe('abcde');
    expect(batch.size).toBe(0);
    expect(batch.take()).toEqual([]);
  });
});
