import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { SMALL_YOUNG_GENERATION_FLAGS } from '@mediakit/devstack';
import { makeWav } from '../lib/media.ts';
import { MemorySampler, type PhaseMemory } from '../lib/memory.ts';
import type { BenchContext, PartOutcome, PlatformHandle } from '../lib/part.ts';
import { repoRoot } from '../lib/stack.ts';
import { fmt, GiB, MB, MiB } from '../lib/stats.ts';
import { atMost } from '../lib/targets.ts';

interface Transfer {
  ms: number;
  status: number;
  body: string;
  cookie?: string;
  bytes: number;
}

/** A multipart `POST /files` streamed from disk: the client never holds the file in memory. */
async function streamUpload(url: string, path: string, size: number): Promise<Transfer> {
  const boundary = `----mkbench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  const req = request(url, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
    },
  });
  const answered = once(req, 'response');
  req.write(head);
  await pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), req, { end: false });
  req.end(tail);
  const [res] = (await answered) as [import('node:http').IncomingMessage];
  let body = '';
  for await (const chunk of res) body += chunk;
  const cookie = res.headers['set-cookie']?.join(';').match(/mk_guest=([^;]+)/)?.[1];
  return { ms: performance.now() - started, status: res.statusCode ?? 0, body, cookie, bytes: size };
}

/** A download (`GET /files/{id}/content`) read to the end and thrown away. */
async function streamDownload(url: string, cookie?: string): Promise<Transfer> {
  const started = performance.now();
  const req = request(url, { headers: cookie ? { cookie: `mk_guest=${cookie}` } : {} });
  req.end();
  const [res] = (await once(req, 'response')) as [import('node:http').IncomingMessage];
  let bytes = 0;
  for await (const chunk of res) bytes += (chunk as Buffer).length;
  return { ms: performance.now() - started, status: res.statusCode ?? 0, body: '', bytes };
}

/**
 * Bytes: a large upload and download through the gateway and the files service, with the RSS of
 * both sampled every 100 ms. Memory must not grow with the file: the growth is the peak during
 * the transfer minus the RSS just before it.
 */
/** The same upload and download through `bench/raw/http-passthrough.ts`, its RSS sampled every 100 ms. */
async function rawTransfers(path: string, size: number) {
  const server = spawn(
    process.execPath,
    [...SMALL_YOUNG_GENERATION_FLAGS, join(repoRoot, 'bench/raw/http-passthrough.ts')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  try {
    const [line] = (await once(server.stdout, 'data')) as [Buffer];
    const url = `http://127.0.0.1:${Number(line.toString().trim())}`;
    const memory = new MemorySampler(() => ({ raw: server.pid }));
    const growthOf = (phase: PhaseMemory) => {
      const m = phase.byProcess.raw;
      return m ? m.peak - m.start : Number.NaN;
    };
    const upPhase = memory.phase('raw upload');
    const up = await streamUpload(url, path, size);
    const downPhase = memory.phase('raw download');
    const down = await streamDownload(`${url}/?path=${encodeURIComponent(path)}`);
    memory.end();
    if (up.status !== 201 || down.bytes !== size)
      throw new Error('the raw HTTP reference did not move the file');
    return { up, down, upGrowth: growthOf(upPhase), downGrowth: growthOf(downPhase) };
  } finally {
    server.kill();
  }
}

export async function bytesPart(ctx: BenchContext, platform: PlatformHandle): Promise<PartOutcome> {
  const size = ctx.bytesSize ?? (ctx.quick ? 32 * MiB : GiB);
  const label = size % GiB === 0 ? `${size / GiB} GiB` : `${(size / MiB).toFixed(0)} MiB`;
  const path = join(ctx.workDir, 'bench.wav');
  await makeWav(path, size);
  const { memory, stack } = platform;

  ctx.log(`bytes: upload ${label}`);
  const upPhase = memory.phase(`upload ${label}`);
  const up = await streamUpload(`${stack.url}/api/v1/files`, path, size);
  if (up.status !== 201 || !up.cookie)
    throw new Error(`upload answered ${up.status}: ${up.body.slice(0, 500)}`);
  const fileId = (JSON.parse(up.body) as { files: { id: string }[] }).files[0].id;

  ctx.log(`bytes: download ${label}`);
  const downPhase = memory.phase(`download ${label}`);
  const down = await streamDownload(`${stack.url}/api/v1/files/${fileId}/content`, up.cookie);
  memory.end();
  if (down.status !== 200 || down.bytes !== size)
    throw new Error(`download answered ${down.status} with ${down.bytes} of ${size} bytes`);

  ctx.log(`bytes: the same ${label} through a bare Node.js HTTP server (the raw reference)`);
  const raw = await rawTransfers(path, size);

  const growth = (phase: typeof upPhase, service: string) => {
    const m = phase.byProcess[service];
    return m ? (m.peak - m.start) / MiB : Number.NaN;
  };
  const rows = [
    ['upload (multipart `POST /files`)', up, upPhase],
    ['download (`GET /files/{id}/content`)', down, downPhase],
  ] as const;
  const table = rows
    .map(
      ([what, t, phase]) =>
        `| ${what} | ${fmt(t.ms / 1000, 2)} | **${fmt(size / MB / (t.ms / 1000), 0)}** | ${fmt((phase.byProcess.gateway?.start ?? 0) / MiB, 0)} → ${fmt((phase.byProcess.gateway?.peak ?? 0) / MiB, 0)} (+${fmt(growth(phase, 'gateway'), 0)}) | ${fmt((phase.byProcess.files?.start ?? 0) / MiB, 0)} → ${fmt((phase.byProcess.files?.peak ?? 0) / MiB, 0)} (+${fmt(growth(phase, 'files'), 0)}) |`,
    )
    .join('\n');
  const rawTable = (
    [
      ['upload: body read and discarded', raw.up, raw.upGrowth],
      ['download: file streamed from disk', raw.down, raw.downGrowth],
    ] as const
  )
    .map(
      ([what, t, grown]) =>
        `| ${what} | ${fmt(t.ms / 1000, 2)} | ${fmt(size / MB / (t.ms / 1000), 0)} | +${fmt(grown / MiB, 0)} |`,
    )
    .join('\n');
  const rawFloor = Math.max(raw.upGrowth, raw.downGrowth) / MiB;
  const worstGrowth = Math.max(
    growth(upPhase, 'gateway'),
    growth(upPhase, 'files'),
    growth(downPhase, 'gateway'),
    growth(downPhase, 'files'),
  );
  const markdown = `A ${label} (${size.toLocaleString('en')} bytes) WAV file (44-byte header, random PCM) streamed from disk by the client over loopback: the upload is what a browser's form post sends, the download is read to the end and discarded. MB/s in 10⁶ bytes per second; RSS in MiB, before → peak (growth), sampled every 100 ms. The upload's time includes the files service reading the file's type and duration and storing it.

| transfer | seconds | MB/s | gateway RSS MiB | files RSS MiB |
|---|---:|---:|---:|---:|
${table}

The raw reference: the same transfers through a bare Node.js HTTP server (\`bench/raw/http-passthrough.ts\`: same node binary and the gateway's node flags, no parsing, no storage), its RSS sampled the same way. Its growth is the runtime's own floor for streaming this many bytes: socket buffers are freed only when V8 collects them.

| bare Node.js server | seconds | MB/s | RSS growth MiB |
|---|---:|---:|---:|
${rawTable}
`;
  return {
    markdown,
    targets: [
      atMost(
        `Memory growth for a ${label} transfer (worst of gateway, files)`,
        worstGrowth,
        64,
        ' MiB',
        0,
        `a bare Node.js server moving the same bytes grows by ${fmt(rawFloor, 0)} MiB`,
      ),
    ],
  };
}
