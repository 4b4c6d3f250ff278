import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  createEmbeddedDocumentStore,
  createLocalObjectStore,
  createLogger,
  type DocumentStore,
  type ObjectStore,
} from '@mediakit/kit';
import { explainUnreadableAv, inspectFile } from '@mediakit/media';
import { createOutboundClient, type OutboundOptions } from '@mediakit/outbound';
import { FileStore } from '@tus/file-store';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { FileDoc } from '../src/file-record.ts';
import { FileRepository } from '../src/file-repository.ts';
import { FilesService } from '../src/files-service.ts';
import { buildHttpApp } from '../src/http/app.ts';

/**
 * A files service on real adapters (embedded document store, local object store, tus FileStore)
 * in a fresh temp dir, with the HTTP app built for `inject()`. Test helper, not shipped code.
 */
export interface TestContext {
  dir: string;
  spoolDir: string;
  stagingDir: string;
  documents: DocumentStore;
  objects: ObjectStore;
  repository: FileRepository;
  service: FilesService;
  app: FastifyInstance;
  /** Stores `bytes` as an upload of `ownerId` through the service. */
  upload(ownerId: string, name: string, bytes: Buffer, retentionHours?: number): Promise<FileDoc>;
  close(): Promise<void>;
}

export const log = createLogger('files-test', 'silent');

export async function createTestContext(
  options: {
    maxUploadBytes?: number;
    guestRetentionHours?: number;
    /** The import client's options (tests of imports allow their loopback server). */
    outbound?: OutboundOptions;
    importTimeoutSeconds?: number;
  } = {},
): Promise<TestContext> {
  const dir = await mkdtemp(join(tmpdir(), 'mk-files-test-'));
  const spoolDir = join(dir, 'spool');
  const stagingDir = join(dir, 'tus');
  await mkdir(spoolDir, { recursive: true });
  await mkdir(stagingDir, { recursive: true });
  const documents = createEmbeddedDocumentStore(join(dir, 'db'));
  const objects = createLocalObjectStore(join(dir, 'objects'));
  const repository = new FileRepository(documents.collection<FileDoc>('files'));
  await repository.ensureIndexes();
  const service = new FilesService({
    files: repository,
    objects,
    inspect: (path) => inspectFile(path),
    explainUnreadable: (path, name) => explainUnreadableAv(path, name),
    log,
  });
  const outbound = createOutboundClient(options.outbound);
  const app = await buildHttpApp({
    service,
    checks: { documents: () => documents.ping(), objects: () => objects.ping() },
    limits: {
      maxUploadBytes: options.maxUploadBytes ?? 50 * 1024 * 1024,
      guestRetentionHours: options.guestRetentionHours ?? 1,
    },
    spoolDir,
    // As in main.ts: abandoned uploads expire, which changes some of tus's answers.
    staging: new FileStore({ directory: stagingDir, expirationPeriodInMilliseconds: 24 * 3_600_000 }),
    imports: { outbound, timeoutSeconds: options.importTimeoutSeconds ?? 600 },
  });

  let counter = 0;
  return {
    dir,
    spoolDir,
    stagingDir,
    documents,
    objects,
    repository,
    service,
    app,
    async upload(ownerId, name, bytes, retentionHours = 1) {
      const path = join(dir, `seed-${counter++}`);
      await writeFile(path, bytes);
      try {
        return await service.createUpload({ ownerId, name, path, retentionHours });
      } finally {
        await rm(path, { force: true });
      }
    },
    async close() {
      await app.close();
      await outbound.close();
      await documents.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A PNG of the given size; `noise` makes it large (incompressible). */
export async function makePng(width: number, height: number, noise = false): Promise<Buffer> {
  if (noise) {
    const raw = randomBytes(width * height * 3);
    return sharp(raw, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  }
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** One second of 160x120 VP8/VP9 WebM from ffmpeg's test source. */
export async function makeWebm(dir: string): Promise<Buffer> {
  const path = join(dir, `clip-${randomBytes(4).toString('hex')}.webm`);
  await promisify(execFile)('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=160x120:rate=25',
    '-t',
    '1',
    '-y',
    path,
  ]);
  try {
    return await readFile(path);
  } finally {
    await rm(path, { force: true });
  }
}

/** A second of 8 kHz 16-bit mono silence as a WAV (PCM: a 44-byte header, then the samples). */
export function makeWav(): Buffer {
  const samples = 16_000;
  const wav = Buffer.alloc(44 + samples);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16); // format chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(8000, 24); // sample rate
  wav.writeUInt32LE(16_000, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples, 40);
  return wav;
}

export interface FormPart {
  field?: string;
  filename?: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body, built by hand so tests control every byte. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mk${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`;
    const type =
      part.filename === undefined ? '' : `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"${filename}\r\n${type}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every file under `dir`, recursively (empty when the dir is missing). */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}
