import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { catalog } from '@mediakit/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './client.ts';
import { makeVideo, moovBeforeMdat, probe } from './media.ts';
import { startTestStack, type TestStack } from './stack.ts';

const run = promisify(execFile);

let stack: TestStack;
let api: ApiClient;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-media-'));
  stack = await startTestStack();
  api = new ApiClient(stack.gatewayUrl);
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
});

async function writeOutput(bytes: Buffer, name: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

/** Submits a job and follows its SSE stream to the end. */
async function runJob(
  client: ApiClient,
  tool: string,
  inputs: string[],
  params: Record<string, unknown> = {},
) {
  const created = await client.json('POST', '/jobs', { tool, inputs, params });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const events = await client.events(created.body.id);
  return { job: created.body, events, final: events[events.length - 1] };
}

describe('catalog and health', () => {
  it('lists every catalog entry and answers health', async () => {
    const tools = await api.json('GET', '/tools');
    expect(tools.status).toBe(200);
    expect(tools.body.tools).toHaveLength(catalog.length);
    const trim = await api.json('GET', '/tools/trim-video');
    expect(trim.body.params.properties).toHaveProperty('start');
    const health = await api.json('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });
});

describe('image conversion end to end', () => {
  it('uploads a PNG, converts it to JPEG with live events, and downloads a real JPEG', async () => {
    const png = join(dir, 'photo.png');
    await sharp({
      create: { width: 64, height: 48, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toFile(png);
    const uploaded = await api.upload([png]);
    expect(uploaded.status).toBe(201);
    const file = uploaded.body.files[0];
    expect(file).toMatchObject({
      name: 'photo.png',
      mime: 'image/png',
      media: 'image',
      width: 64,
      height: 48,
      source: 'upload',
    });
    expect(file).not.toHaveProperty('objectKey');

    const { final, events } = await runJob(api, 'png-to-jpg', [file.id], { quality: 80 });
    expect(final.event).toBe('succeeded');
    expect(events.filter((e) => e.event === 'succeeded')).toHaveLength(1);
    const job = final.data;
    expect(job.status).toBe('succeeded');
    expect(job.progress).toBe(100);
    expect(job.outputs).toHaveLength(1);
    expect(job.outputs[0]).toMatchObject({
      mime: 'image/jpeg',
      width: 64,
      height: 48,
      source: 'output',
      jobId: job.id,
    });

    const download = await api.download(`/files/${job.outputs[0].id}/content`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/jpeg');
    expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''photo.jpg");
    expect(download.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(download.bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    // Transparency became white in the JPEG: red at half alpha over white is light red.
    const { data } = await sharp(download.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
    expect(data[1]).toBeGreaterThan(100);

    const ranged = await api.request('GET', `/files/${job.outputs[0].id}/content`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(download.bytes.subarray(0, 10));

    // A client that connects after the end gets the final event at once.
    const late = await api.events(job.id);
    expect(late.map((e) => e.event)).toEqual(['succeeded']);
  });

  it('resizes an image to exact dimensions', async () => {
    const jpg = join(dir, 'wide.jpg');
    await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3366cc' } })
      .jpeg()
      .toFile(jpg);
    const { body } = await api.upload([jpg]);
    const { final } = await runJob(api, 'resize-image', [body.files[0].id], {
      width: 400,
      height: 300,
      fit: 'cover',
    });
    expect(final.event).toBe('succeeded');
    const out = await api.download(`/files/${final.data.outputs[0].id}/content`);
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });
});

describe('video conversion end to end', () => {
  it('converts a WebM made by ffmpeg to an H.264/AAC MP4 of the same duration', async () => {
    const webm = join(dir, 'clip.webm');
    await makeVideo(webm, { seconds: 3 });
    const { body, status } = await api.upload([webm]);
    expect(status).toBe(201);
    expect(body.files[0]).toMatchObject({
      mime: 'video/webm',
      media: 'video',
      width: 320,
      height: 240,
      hasAudio: true,
    });
    expect(body.files[0].duration).toBeCloseTo(3, 0);

    const { final, events } = await runJob(api, 'webm-to-mp4', [body.files[0].id]);
    expect(final.event, JSON.stringify(final.data)).toBe('succeeded');
    const progress = events.filter((e) => e.event === 'progress').map((e) => e.data.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const out = await api.download(`/files/${final.data.outputs[0].id}/content`);
    const path = await writeOutput(out.bytes, 'clip.mp4');
    const info = await probe(path);
    expect(info.format.format_name).toContain('mp4');
    expect(info.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(info.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expect(Number(info.format.duration)).toBeCloseTo(3, 0);
    expect(Math.abs(Number(info.format.duration) - 3)).toBeLessThan(0.15);
    expect(moovBeforeMdat(out.bytes)).toBe(true);
  });

  it('trims a video to the requested duration', async () => {
    const webm = join(dir, 'long.webm');
    await makeVideo(webm, { seconds: 5 });
    const { body } = await api.upload([webm]);
    const { final } = await runJob(api, 'trim-video', [body.files[0].id], { start: 1, end: 3.5 });
    expect(final.event, JSON.stringify(final.data)).toBe('succeeded');
    const out = await api.download(`/files/${final.data.outputs[0].id}/content`);
    const info = await probe(await writeOutput(out.bytes, 'trimmed.mp4'));
    expect(Math.abs(Number(info.format.duration) - 2.5)).toBeLessThan(0.15);
    expect(info.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
  });

  it('cancels a running job: ffmpeg stops and no temp files are left', async () => {
    const big = join(dir, 'big.webm');
    await makeVideo(big, { seconds: 40, size: '1280x720', rate: 30 });
    const { body } = await api.upload([big]);
    const created = await api.json('POST', '/jobs', {
      tool: 'trim-video',
      inputs: [body.files[0].id],
      params: { start: 0, end: 40 },
    });
    expect(created.status).toBe(202);
    const jobId = created.body.id;

    // Wait until the transcoder really runs ffmpeg for it.
    const transcoder = stack.pids().transcoder as number;
    let ffmpegPid = 0;
    for (let i = 0; i < 100 && !ffmpegPid; i++) {
      await new Promise((r) => setTimeout(r, 200));
      ffmpegPid = await childFfmpeg(transcoder);
    }
    expect(ffmpegPid, 'ffmpeg never started').toBeGreaterThan(0);

    const canceled = await api.json('POST', `/jobs/${jobId}/cancel`);
    expect(canceled.status).toBe(202);
    expect(canceled.body.status).toBe('canceled');

    const gone = Date.now();
    while (isAlive(ffmpegPid) && Date.now() - gone < 3000) await new Promise((r) => setTimeout(r, 50));
    expect(isAlive(ffmpegPid), 'ffmpeg still running after cancel').toBe(false);
    expect(Date.now() - gone).toBeLessThan(1500);

    let leftovers: string[] = [];
    for (let i = 0; i < 40; i++) {
      leftovers = await readdir(stack.workerTmp);
      if (leftovers.length === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(leftovers).toEqual([]);

    const after = await api.json('GET', `/jobs/${jobId}`);
    expect(after.body.status).toBe('canceled');
    expect((await api.json('POST', `/jobs/${jobId}/cancel`)).status).toBe(409);
    const retried = await api.json('POST', `/jobs/${jobId}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body.status).toBe('queued');
    await api.json('POST', `/jobs/${jobId}/cancel`);
  });
});

describe('resumable uploads (tus)', () => {
  it('uploads in three chunks with a dropped connection in between', async () => {
    const png = join(dir, 'tus.png');
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#00ff00' } })
      .png({ compressionLevel: 0 })
      .toFile(png);
    const bytes = await readFile(png);
    const third = Math.ceil(bytes.length / 3);

    const create = await api.request('POST', '/uploads', {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from('tus.png').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}`,
      },
    });
    expect(create.status).toBe(201);
    const location = create.headers.get('location') as string;
    const uploadPath = new URL(location, stack.gatewayUrl).pathname.replace('/api/v1', '');

    const patch = (offset: number, chunk: Buffer) =>
      api.request('PATCH', uploadPath, {
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
        body: chunk,
      });
    const head = async () => {
      const response = await api.request('HEAD', uploadPath, { headers: { 'tus-resumable': '1.0.0' } });
      return Number(response.headers.get('upload-offset'));
    };

    expect((await patch(0, bytes.subarray(0, third))).status).toBe(204);

    // The second chunk's connection drops part-way: the server keeps what arrived.
    const controller = new AbortController();
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(bytes.subarray(third, third + Math.floor(third / 2)));
        setTimeout(() => {
          controller.abort();
        }, 300);
      },
    });
    await fetch(`${stack.gatewayUrl}/api/v1${uploadPath}`, {
      method: 'PATCH',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': String(third),
        'content-type': 'application/offset+octet-stream',
        cookie: api.cookieHeader,
      },
      body: stream,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 300));

    let offset = await head();
    expect(offset).toBeGreaterThanOrEqual(third);
    expect(offset).toBeLessThan(bytes.length);
    // Another visitor cannot see or touch the upload.
    const stranger = api.stranger();
    expect(
      (await stranger.request('HEAD', uploadPath, { headers: { 'tus-resumable': '1.0.0' } })).status,
    ).toBe(404);

    const middle = await patch(offset, bytes.subarray(offset, 2 * third));
    expect(middle.status).toBe(204);
    offset = await head();
    expect(offset).toBe(2 * third);
    const last = await patch(offset, bytes.subarray(offset));
    expect(last.status).toBe(204);
    const fileId = last.headers.get('mk-file-id');
    expect(fileId).toBeTruthy();

    const file = await api.json('GET', `/files/${fileId}`);
    expect(file.body).toMatchObject({
      name: 'tus.png',
      mime: 'image/png',
      width: 300,
      height: 200,
      size: bytes.length,
    });
    const content = await api.download(`/files/${fileId}/content`);
    expect(content.bytes.equals(bytes)).toBe(true);
  });
});

describe('refusals', () => {
  it('refuses a text file named .png with 415', async () => {
    const fake = join(dir, 'notes.png');
    await writeFile(fake, 'just some text, not an image\n'.repeat(20));
    const response = await api.upload([fake]);
    expect(response.status).toBe(415);
    expect(response.body.code).toBeTruthy();
    expect(response.body.message).toMatch(/notes\.png/);
  });

  it('answers 400 naming every out-of-range field', async () => {
    const webm = join(dir, 'short.webm');
    await makeVideo(webm, { seconds: 1 });
    const { body } = await api.upload([webm]);
    const response = await api.json('POST', '/jobs', {
      tool: 'trim-video',
      inputs: [body.files[0].id],
      params: { start: -1, end: -2 },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation_failed');
    const fields = response.body.details.map((d: { field: string }) => d.field);
    expect(fields).toContain('start');
  });

  it("answers 404 for another visitor's job and file", async () => {
    const png = join(dir, 'mine.png');
    await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .png()
      .toFile(png);
    const { body } = await api.upload([png]);
    const { job } = await runJob(api, 'png-to-jpg', [body.files[0].id]);
    const stranger = api.stranger();
    await stranger.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [], params: {} }); // gets a guest cookie
    expect((await stranger.json('GET', `/jobs/${job.id}`)).status).toBe(404);
    expect((await stranger.json('GET', `/files/${body.files[0].id}`)).status).toBe(404);
    expect((await stranger.request('GET', `/files/${body.files[0].id}/content`)).status).toBe(404);
    expect((await stranger.request('GET', `/jobs/${job.id}/events`)).status).toBe(404);
    expect((await stranger.json('POST', `/jobs/${job.id}/cancel`)).status).toBe(404);
    expect((await stranger.json('DELETE', `/jobs/${job.id}`)).status).toBe(404);
    const list = await stranger.json('GET', '/jobs');
    expect(list.body.items).toEqual([]);
    // A stranger's job on the owner's file: the file is not theirs, so it does not exist for them.
    expect(
      (await stranger.json('POST', '/jobs', { tool: 'png-to-jpg', inputs: [body.files[0].id] })).status,
    ).toBe(404);
  });
});

async function childFfmpeg(parentPid: number): Promise<number> {
  try {
    const { stdout } = await run('pgrep', ['-P', String(parentPid), 'ffmpeg']);
    return Number(stdout.trim().split('\n')[0]) || 0;
  } catch {
    return 0;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
