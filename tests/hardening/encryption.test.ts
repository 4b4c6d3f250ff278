import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../integration/client.ts';
import { startTestStack, type TestStack } from '../integration/stack.ts';

/**
 * Encryption at rest through the real stack (issue 10): what a user uploads, by multipart or tus,
 * and what a job makes of it, is stored encrypted: a plaintext marker and samples of the files'
 * own bytes are searched for in every file under DATA_DIR (object store, document stores, tus
 * staging, the workers' temp dirs, NATS) and found nowhere, while downloads, Range included, give
 * the bytes back. A byte flipped on disk makes the download fail instead of serving altered bytes.
 */

const MARKER = `MEDIAKIT-PLAINTEXT-MARKER-${randomBytes(6).toString('hex')}`;

let stack: TestStack;
let api: ApiClient;

beforeAll(async () => {
  stack = await startTestStack();
  api = new ApiClient(stack.gatewayUrl);
}, 180_000);

afterAll(async () => {
  await stack?.teardown();
});

/** A PNG of random pixels (incompressible, so its bytes are unique) with the marker in a tEXt chunk. */
async function markedPng(): Promise<Buffer> {
  const width = 96;
  const height = 64;
  const png = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  const data = Buffer.concat([Buffer.from('tEXt'), Buffer.from(`Comment\0${MARKER}`, 'latin1')]);
  const chunk = Buffer.alloc(data.length + 8);
  chunk.writeUInt32BE(data.length - 4, 0);
  data.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(data), data.length + 4);
  const iend = png.length - 12; // IEND is the last 12 bytes
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

/** 48-byte samples across a file: each is unique to it, so finding one on disk means plaintext is stored. */
function samplesOf(bytes: Buffer): Buffer[] {
  const samples: Buffer[] = [];
  for (let at = 64; at + 48 <= bytes.length; at += Math.max(48, Math.floor(bytes.length / 16)))
    samples.push(bytes.subarray(at, at + 48));
  return samples;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Every file under DATA_DIR that contains any of the needles, with what it contained. */
async function plaintextOnDisk(needles: Buffer[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of await filesUnder(stack.dataDir)) {
    let content: Buffer;
    try {
      content = await readFile(file);
    } catch {
      continue; // removed while we looked (a temp file)
    }
    if (needles.some((needle) => content.includes(needle))) found.push(relative(stack.dataDir, file));
  }
  return found;
}

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('encryption at rest through the API', () => {
  let uploaded: Buffer;
  let multipartId: string;

  it('stores neither a plaintext marker nor any sample of uploads and job outputs anywhere under DATA_DIR', async () => {
    uploaded = await markedPng();
    const form = new FormData();
    form.append('file', new Blob([uploaded]), 'photo.png');
    const response = await api.request('POST', '/files', { body: form });
    expect(response.status).toBe(201);
    multipartId = ((await response.json()) as { files: { id: string }[] }).files[0]?.id as string;

    const tusUploaded = await markedPng();
    const tusId = await api.uploadTus(tusUploaded, 'resumable.png');
    expect(tusId).toBeTruthy();

    const job = await api.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [multipartId], params: {} });
    expect(job.status, JSON.stringify(job.body)).toBe(202);
    const events = await api.events(job.body.id, 120_000);
    expect(events.at(-1)?.event).toBe('succeeded');
    const outputId = events.at(-1)?.data.outputs[0].id as string;
    const output = await api.download(`/files/${outputId}/content`);
    expect(output.status).toBe(200);

    // The check can fail: the downloads hold the marker and the samples.
    const downloaded = await api.download(`/files/${multipartId}/content`);
    expect(downloaded.bytes.equals(uploaded)).toBe(true);
    expect(downloaded.bytes.includes(Buffer.from(MARKER))).toBe(true);
    expect((await api.download(`/files/${tusId}/content`)).bytes.equals(tusUploaded)).toBe(true);

    const needles = [
      Buffer.from(MARKER),
      ...samplesOf(uploaded),
      ...samplesOf(tusUploaded),
      ...samplesOf(output.bytes),
    ];
    // The tus staging copy goes right after the upload's last answer; give it a moment.
    await until(async () => (await plaintextOnDisk(needles)).length === 0).catch(() => undefined);
    expect(await plaintextOnDisk(needles)).toEqual([]);
    // ...and the objects are really there, encrypted.
    const objects = (await filesUnder(join(stack.dataDir, 'objects'))).filter((f) => !f.includes('/.'));
    expect(objects.length).toBeGreaterThanOrEqual(3);
  });

  it('keeps the generated master key beside the stores, readable by its owner only', async () => {
    const keyFile = join(stack.dataDir, 'object-encryption.key');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'base64').length).toBe(32);
  });

  it('serves Range requests from the encrypted object', async () => {
    const response = await api.request('GET', `/files/${multipartId}/content`, {
      headers: { range: `bytes=100-${uploaded.length - 1}` },
    });
    expect(response.status).toBe(206);
    expect(Buffer.from(await response.arrayBuffer()).equals(uploaded.subarray(100))).toBe(true);
    const tail = await api.request('GET', `/files/${multipartId}/content`, {
      headers: { range: 'bytes=-20' },
    });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(uploaded.subarray(-20))).toBe(true);
  });

  it('fails a download instead of serving altered bytes when a stored byte is flipped', async () => {
    const form = new FormData();
    form.append('file', new Blob([await markedPng()]), 'victim.png');
    const created = await api.request('POST', '/files', { body: form });
    const victim = ((await created.json()) as { files: { id: string; size: number }[] }).files[0] as {
      id: string;
      size: number;
    };
    const original = (await api.download(`/files/${victim.id}/content`)).bytes;
    // The victim's object is the newest file in the object store.
    const objectFiles = (await filesUnder(join(stack.dataDir, 'objects'))).filter((f) => !f.includes('/.'));
    const mtimes = await Promise.all(objectFiles.map(async (f) => ({ f, t: (await stat(f)).mtimeMs })));
    const file = mtimes.sort((a, b) => b.t - a.t)[0]?.f as string;
    const stored = await readFile(file);
    stored[stored.length - 40] = (stored[stored.length - 40] as number) ^ 0x20; // inside the last chunk
    await writeFile(file, stored);

    const outcome = await api
      .download(`/files/${victim.id}/content`)
      .then((d) => ({ status: d.status, bytes: d.bytes }))
      .catch((error: unknown) => ({ status: 0, bytes: Buffer.alloc(0), error }));
    // Either the answer is an error or the body breaks off: never the whole file with altered bytes.
    expect(outcome.status === 200 && outcome.bytes.length === original.length).toBe(false);
    expect(outcome.bytes.equals(original)).toBe(false);

    // Flipping a header byte fails the request before any byte is sent: a 5xx with the API error body.
    stored[10] = (stored[10] as number) ^ 0x01;
    await writeFile(file, stored);
    const broken = await api.request('GET', `/files/${victim.id}/content`);
    expect(broken.status).toBeGreaterThanOrEqual(500);
    const body = (await broken.json()) as { code: string; message: string };
    expect(body.code).toBeTruthy();
    expect(body.message).not.toMatch(/MKEO|decrypt|master key/i); // no internals to the user
  });
});
