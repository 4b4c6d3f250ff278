import { describe, expect, it } from 'vitest';
import { getEntry, validateParams, validateParamsForInputs } from './index.ts';

const gif = () => {
  const e = getEntry('video-to-gif');
  if (!e) throw new Error('no video-to-gif');
  return e;
};
const video = (duration: number) => [{ media: 'video', width: 1280, height: 720, duration }];

describe('video-to-gif params', () => {
  it('fills the defaults: 10 fps, 480 px, forever, sierra2_4a', () => {
    expect(validateParams(gif(), {})).toEqual({
      ok: true,
      value: { start: 0, fps: 10, width: 480, loop: 0, dither: 'sierra2_4a' },
    });
  });

  it('refuses out-of-range settings with a sentence per field', () => {
    const r = validateParams(gif(), { fps: 60, width: 8, loop: -1, dither: 'ordered', maxSizeMB: 0 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.field).sort()).toEqual(['dither', 'fps', 'loop', 'maxSizeMB', 'width']);
    expect(r.issues.find((i) => i.field === 'dither')?.message).toMatch(/sierra2_4a.*bayer/);
    expect(validateParams(gif(), { start: 5, end: 2 })).toMatchObject({
      ok: false,
      issues: [{ field: 'end', message: 'end must be greater than start' }],
    });
  });

  it('refuses an end past the video and a part longer than a minute, before any job', () => {
    const e = gif();
    expect(validateParamsForInputs(e, { start: 0, end: 8 }, video(12))).toEqual([]);
    expect(validateParamsForInputs(e, { start: 0, end: 20 }, video(12))[0]?.message).toBe(
      'end must be at most 12 seconds, the length of this video',
    );
    expect(validateParamsForInputs(e, { start: 10 }, video(300))).toEqual([
      {
        field: 'end',
        message: 'A GIF can be at most 60 seconds long, and this part is 290 seconds: set end to at most 70',
      },
    ]);
    expect(validateParamsForInputs(e, { start: 10, end: 70 }, video(300))).toEqual([]);
  });
});

describe('GIF and WebM converters', () => {
  it('gif-to-mp4 takes one GIF and runs on the transcoder; mp4-to-webm takes one MP4', () => {
    expect(getEntry('gif-to-mp4')).toMatchObject({
      kind: 'converter',
      media: 'image',
      worker: 'transcoder',
      inputs: { min: 1, max: 1, accept: ['image/gif'] },
      output: { media: 'video', formats: ['mp4'] },
    });
    expect(getEntry('mp4-to-webm')).toMatchObject({
      worker: 'transcoder',
      inputs: { max: 1, accept: ['video/mp4'] },
      output: { media: 'video', formats: ['webm'] },
    });
  });
});
