import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { catalog } from '@mediakit/catalog';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { probe } from '../integration/media.ts';
import { signUpInBrowser } from '../support/sign-in.ts';
import { skipReason } from './browser.ts';
import { webStackWithVisitors } from './stack.ts';
import { download, runAndWait, tempDir, waitUploaded } from './tools/helpers.ts';
import { expectNoHorizontalOverflow, type Size, screenshot } from './visitor.ts';

const run = promisify(execFile);

/** trim-audio is listed once its transcoder tool is on main (issue 27, audio-tools). */
const trimAudioListed = catalog.some((entry) => entry.name === 'trim-audio');

/** What the checks read inside the page (this file is type-checked without the DOM's types). */
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}
interface Media {
  currentTime: number;
  duration: number;
  paused: boolean;
  muted: boolean;
  play(): Promise<void>;
}

/** A sound whose loudness swells and falls, so its waveform has a shape. */
const swell = (seconds: number) =>
  `aevalsrc=sin(2*PI*440*t)*(0.15+0.8*abs(sin(PI*t/4)))|sin(2*PI*330*t)*0.3:d=${seconds}:s=44100`;

/**
 * Audio in the web app, in real Chromium as a new visitor at desktop and phone sizes: the
 * trim-audio waveform editor (drawn from the file, handles by mouse, finger and keys, the fields
 * both ways, playback of exactly the selection), the job's audio result played and downloaded,
 * and the dashboard's files list playing an uploaded recording.
 */
describe.skipIf(skipReason)('audio in the web app', () => {
  const web = webStackWithVisitors();
  let dir: string;
  const fixtures = { mp3: '', wav: '', aiff: '' };

  beforeAll(async () => {
    dir = await tempDir();
    fixtures.mp3 = join(dir, 'song.mp3');
    fixtures.wav = join(dir, 'voice memo.wav');
    fixtures.aiff = join(dir, 'studio take.aiff');
    const make = (path: string, seconds: number, codec: string[]) =>
      run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', swell(seconds), ...codec, path]);
    await Promise.all([
      make(fixtures.mp3, 10, ['-c:a', 'libmp3lame', '-b:a', '128k']),
      make(fixtures.wav, 6, ['-c:a', 'pcm_s16le']),
      make(fixtures.aiff, 3, ['-c:a', 'pcm_s16be']),
    ]);
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Drags a handle to a share of the waveform's width: the mouse on a desktop, a finger on a phone. */
  async function dragHandle(page: Page, which: 'start' | 'end', share: number, size: Size) {
    const thumb = page.locator(`.waveform .timeline-thumb.${which}`);
    await thumb.scrollIntoViewIfNeeded();
    const box = await thumb.boundingBox();
    const track = await page.locator('.timeline.waveform').boundingBox();
    if (!box || !track) throw new Error('waveform not shown');
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const to = { x: track.x + track.width * share, y: from.y };
    if (size === 'desktop') {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 8 });
      await page.mouse.up();
      return;
    }
    // Real touch events (Playwright's touchscreen only taps): pointer events of type "touch".
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
    await touch('touchStart', from);
    for (let step = 1; step <= 8; step++)
      await touch('touchMove', { x: from.x + ((to.x - from.x) * step) / 8, y: from.y });
    await touch('touchEnd');
    await cdp.detach();
  }

  /** Pixels drawn on the waveform's canvas, and its size. */
  const inked = (canvas: Locator) =>
    canvas.evaluate((element) => {
      const c = element as unknown as Canvas;
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i] > 0) count++;
      return { count, width: c.width, height: c.height };
    });

  /** An audio element's playback state. */
  const state = (element: Locator) =>
    element.evaluate((e) => {
      const m = e as unknown as Media;
      return { time: m.currentTime, duration: m.duration, paused: m.paused };
    });
  /** Plays an audio element muted (no user gesture needed for that). */
  const playMuted = (element: Locator) =>
    element.evaluate((e) => {
      const m = e as unknown as Media;
      m.muted = true;
      return m.play();
    });

  async function openTrimAudio(size: Size, file: string) {
    const visit = await web.visitors.fresh(size);
    const { page } = visit;
    await page.goto(`${web.url}/tool/trim-audio`);
    await page.locator('input[type=file]').setInputFiles(file);
    await waitUploaded(page, 1);
    return visit;
  }

  const cases = [
    { size: 'desktop' as Size, file: () => fixtures.mp3, seconds: 10 },
    { size: 'phone' as Size, file: () => fixtures.wav, seconds: 6 },
  ];
  for (const { size, file, seconds } of cases) {
    test.skipIf(!trimAudioListed)(
      `trim-audio: the waveform's handles set the range, played exactly (${size})`,
      {
        timeout: 120_000,
      },
      async () => {
        const { page, errors } = await openTrimAudio(size, file());
        // The end starts at the length the server read; the waveform is drawn from the file itself.
        // (an MP3 is a few hundredths longer: the encoder's padding)
        await expect
          .poll(async () => Math.abs(Number(await page.inputValue('input[name="end"]')) - seconds))
          .toBeLessThan(0.1);
        await page.locator('.waveform-frame[data-waveform="drawn"]').waitFor({ timeout: 30_000 });
        const ink = await inked(page.locator('.waveform-canvas'));
        expect(ink.width).toBeGreaterThan(100);
        // More than a line of silence: the bars of a sound.
        expect(ink.count).toBeGreaterThan(ink.width * 4);

        await dragHandle(page, 'end', 0.75, size);
        const start = page.locator('.waveform .timeline-thumb.start');
        await start.focus();
        await page.keyboard.press('Shift+ArrowRight');
        await page.keyboard.press('Shift+ArrowRight');
        expect(await page.inputValue('input[name="start"]')).toBe('2');
        const dragged = Number(await page.inputValue('input[name="end"]'));
        expect(dragged).toBeGreaterThan(seconds * 0.7);
        expect(dragged).toBeLessThan(seconds * 0.8);
        expect(await page.locator('.waveform .timeline-thumb.end').getAttribute('aria-valuenow')).toBe(
          String(dragged),
        );
        // Typing in the field moves the handle.
        await page.fill('input[name="end"]', '4.5');
        await expect
          .poll(() => page.locator('.waveform .timeline-thumb.end').getAttribute('aria-valuenow'))
          .toBe('4.5');

        // "Play selection" plays from the start and stops at the end.
        await page.getByRole('button', { name: 'Play selection' }).click();
        const player = page.locator('.audio-trim-editor audio');
        await expect.poll(async () => (await state(player)).time > 2, { timeout: 15_000 }).toBe(true);
        await expect.poll(async () => (await state(player)).paused, { timeout: 15_000 }).toBe(true);
        expect((await state(player)).time).toBeCloseTo(4.5, 1);

        await expectNoHorizontalOverflow(page, `/tool/trim-audio (${size})`);
        await screenshot(page, `trim-audio-${size}`);
        expect(errors).toEqual([]);
      },
    );
  }

  test.skipIf(!trimAudioListed)(
    'a format Chromium cannot decode keeps the fields; other tools play the card',
    {
      timeout: 120_000,
    },
    async () => {
      const { page, errors } = await openTrimAudio('desktop', fixtures.aiff);
      await expect(page.locator('.waveform-note').textContent()).resolves.toMatch(
        /cannot play this format, so there is no waveform: set the start and end below/,
      );
      await expect.poll(() => page.inputValue('input[name="end"]')).toBe('3');
      await page.fill('input[name="end"]', '2');
      expect(await page.locator('.field-error').count()).toBe(0);

      // Without an editor the card itself plays the file picked on this device.
      await page.goto(`${web.url}/tool/fade-audio`);
      await page.locator('input[type=file]').setInputFiles(fixtures.wav);
      await waitUploaded(page, 1);
      const player = page.locator('.upload-item audio.audio-player');
      await expect(player.getAttribute('src')).resolves.toMatch(/^blob:/);
      await playMuted(player);
      await expect.poll(async () => (await state(player)).time > 0, { timeout: 15_000 }).toBe(true);
      expect(errors).toEqual([]);
    },
  );

  test.skipIf(!trimAudioListed)(
    'trim-audio: the result plays on the page and downloads as the chosen part',
    {
      timeout: 240_000,
    },
    async () => {
      const { page, errors } = await openTrimAudio('desktop', fixtures.mp3);
      await page.locator('.waveform-frame[data-waveform="drawn"]').waitFor({ timeout: 30_000 });
      await page.fill('input[name="start"]', '2');
      await page.fill('input[name="end"]', '6.5');
      await runAndWait(page);
      const result = page.locator('.result');
      const player = result.locator('audio.audio-player');
      await expect.poll(async () => (await state(player)).duration, { timeout: 15_000 }).toBeGreaterThan(4);
      expect((await state(player)).duration).toBeLessThan(5);
      await playMuted(player);
      await expect.poll(async () => (await state(player)).time > 0, { timeout: 15_000 }).toBe(true);
      await screenshot(page, 'trim-audio-result-desktop');
      const saved = await download(page, result.getByRole('button', { name: /^Download/ }), dir);
      expect(saved.name).toMatch(/\.mp3$/);
      const info = await probe(saved.path);
      expect(info.streams.map((s) => s.codec_name)).toEqual(['mp3']);
      expect(Math.abs(Number(info.format.duration) - 4.5)).toBeLessThan(0.25);
      // Audio outputs go on to audio tools.
      const next = await result.getByLabel('Use in another tool').locator('option').allTextContents();
      expect(next).toContain('Normalize Audio Loudness');
      expect(next).not.toContain('Trim Video Online');
      expect(errors).toEqual([]);
    },
  );

  test("the dashboard's files list plays an uploaded recording, and the job page an audio output", {
    timeout: 180_000,
  }, async () => {
    const { page, errors } = await web.visitors.fresh('desktop');
    await signUpInBrowser(page, web.url, `audio-${Date.now()}@example.com`, 'Ada Audio');
    const bytes = await readFile(fixtures.mp3);
    await page.evaluate(
      async ({ data, trim }) => {
        const cookie = (globalThis as unknown as { document: { cookie: string } }).document.cookie;
        const token = cookie
          .split('; ')
          .find((c) => c.startsWith('accessToken='))
          ?.slice('accessToken='.length);
        const auth = { authorization: `Bearer ${token}` };
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(data)], { type: 'audio/mpeg' }), 'song.mp3');
        const answer = await fetch('/api/v1/files', { method: 'POST', headers: auth, body: form });
        if (answer.status !== 201) throw new Error(`upload answered ${answer.status}`);
        if (!trim) return;
        const id = ((await answer.json()) as { files: { id: string }[] }).files[0].id;
        const job = await fetch('/api/v1/jobs', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ tool: 'trim-audio', inputs: [id], params: { start: 1, end: 4 } }),
        });
        if (job.status !== 202) throw new Error(`job answered ${job.status}`);
      },
      { data: [...bytes], trim: trimAudioListed },
    );
    if (trimAudioListed) {
      // The job's audio output plays on the job page.
      await page.goto(`${web.url}/dashboard/job-status`);
      const output = page.getByRole('list', { name: 'Outputs' }).locator('audio.audio-player');
      await output.waitFor({ timeout: 120_000 });
      await playMuted(output);
      await expect.poll(async () => (await state(output)).time > 0, { timeout: 15_000 }).toBe(true);
      expect(Math.round((await state(output)).duration)).toBe(3);
    }
    await page.goto(`${web.url}/dashboard/uploaded-files`);
    const card = page.getByRole('listitem', { name: 'song.mp3' });
    await expect(card.locator('.thumb-format').textContent()).resolves.toBe('MP3');
    const player = card.locator('audio.audio-player');
    await player.scrollIntoViewIfNeeded();
    await expect
      .poll(() => player.getAttribute('src'))
      .toMatch(/\/api\/v1\/files\/[^/]+\/content\?link=.+inline=1/);
    await playMuted(player);
    await expect.poll(async () => (await state(player)).time > 0, { timeout: 15_000 }).toBe(true);
    expect(Math.round((await state(player)).duration)).toBe(10);
    await screenshot(page, 'dashboard-audio-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoHorizontalOverflow(page, '/dashboard/uploaded-files (phone)');
    await screenshot(page, 'dashboard-audio-phone');
    expect(errors).toEqual([]);
  });
});
