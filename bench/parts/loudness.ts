import { join } from 'node:path';
import { buildAudioFilterArgs } from '../../services/transcoder/src/tools/audio-filter-tool.ts';
import { audioTarget } from '../../services/transcoder/src/tools/audio-source.ts';
import {
  buildLoudnessMeasureArgs,
  loudnessTarget,
  loudnormApplyFilters,
  parseLoudnorm,
} from '../../services/transcoder/src/tools/normalize-audio.ts';
import { ChildProcessClock } from '../lib/child-clock.ts';
import { runFfmpegCli } from '../lib/ffmpeg-cli.ts';
import { ApiClient, timedJob, uploadOne } from '../lib/jobs.ts';
import { cachedMedia } from '../lib/media.ts';
import type { BenchContext, PartOutcome, PlatformHandle } from '../lib/part.ts';
import { fmt, summarize } from '../lib/stats.ts';
import { atMost } from '../lib/targets.ts';

/** A music-like WAV (48 kHz stereo, 16-bit): a tremolo tone over pink noise, made with lavfi, cached. */
function makeProgramme(seconds: number): Promise<string> {
  // biome-ignore format: flag/value pairs
  return cachedMedia(`programme-${seconds}s.wav`, [
    '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=48000:duration=${seconds},tremolo=f=3:d=0.6`,
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.05:sample_rate=48000:duration=${seconds}`,
    '-filter_complex', '[0][1]amix=inputs=2,pan=stereo|c0=c0|c1=c0',
    '-c:a', 'pcm_s16le',
  ]);
}

/**
 * Loudness: a normalize-audio job (EBU R128, two passes, podcast preset, MP3 out) next to the same
 * two ffmpeg commands run by hand, built by the transcoder's own argument functions.
 */
export async function loudnessPart(ctx: BenchContext, platform: PlatformHandle): Promise<PartOutcome> {
  const seconds = ctx.quick ? 10 : 600;
  ctx.log(`loudness: making a ${seconds} s WAV (cached between runs)`);
  const wav = await makeProgramme(seconds);
  const params = { preset: 'podcast', format: 'mp3' } as const;
  const t = loudnessTarget(params);
  const output = join(ctx.workDir, 'normalized.mp3');
  const source = {
    input: { path: wav, format: 'wav' } as Parameters<typeof audioTarget>[1]['input'],
    audioStream: '0',
    channels: 2,
  };
  const target = audioTarget(params.format, source);

  const client = new ApiClient(platform.stack.url);
  const id = await uploadOne(client, wav, 'programme.wav');
  const runs = ctx.quick ? 1 : 3;
  const rawMs: number[] = [];
  const platformMs: number[] = [];
  const overheadMs: number[] = [];
  platform.memory.phase('loudness: normalize-audio');
  for (let i = 0; i < runs; i++) {
    const pass1 = await runFfmpegCli(buildLoudnessMeasureArgs(wav, '0', t));
    const measured = parseLoudnorm(pass1.stderrTail);
    if (!measured) throw new Error('loudnorm printed no measurement');
    const filters = loudnormApplyFilters(t, measured, 48_000);
    const pass2 = await runFfmpegCli(buildAudioFilterArgs({ source, filters, ...target, output }));
    rawMs.push(pass1.ms + pass2.ms);

    const transcoder = platform.stack.pids().transcoder;
    if (transcoder === undefined) throw new Error('the transcoder is not running');
    const clock = new ChildProcessClock(transcoder, 'ffmpeg').start();
    const { ms } = await timedJob(client, 'normalize-audio', [id], params);
    const ffmpegMs = await clock.stop();
    platformMs.push(ms);
    overheadMs.push(ms - ffmpegMs);
  }
  platform.memory.end();
  const raw = summarize(rawMs);
  const through = summarize(platformMs);
  const overhead = summarize(overheadMs);
  const ratio = through.p50 / raw.p50;
  const s = (x: { p50: number; min: number; max: number }) =>
    `${fmt(x.p50 / 1000, 2)} (${fmt(x.min / 1000, 2)}–${fmt(x.max / 1000, 2)})`;
  const markdown = `Input: ${seconds} s of 48 kHz stereo 16-bit WAV made with lavfi (a tremolo tone over pink noise). Job: \`normalize-audio\` with the podcast preset (−16 LUFS, −1 dBTP) writing MP3: loudnorm measures the whole file (pass 1), then applies the measured values (pass 2, \`linear=true\`) and resamples back to 48 kHz. Raw = the same two ffmpeg commands, built by the transcoder's argument functions and run one after the other. ${runs} run(s), raw and platform alternating; seconds as p50 (min–max).

| job | raw ffmpeg (2 passes) s | platform s | ratio | overhead ms (in the job) |
|---|---:|---:|---:|---:|
| normalize-audio: ${seconds} s WAV → MP3 at −16 LUFS | ${s(raw)} | ${s(through)} | **${fmt(ratio, 3)}×** | **${fmt(overhead.p50, 0)}** (${fmt(overhead.min, 0)}–${fmt(overhead.max, 0)}) |

The overhead is the job's time minus the time the transcoder's ffmpeg processes ran (both passes, read from /proc), as in the Video part: fetching and probing the input, storing the output, the events.
`;
  return {
    markdown,
    targets: [
      atMost('Loudness normalisation time vs raw ffmpeg (2 passes)', ratio, 1.1, '×', 3),
      atMost('Loudness fixed overhead p50', overhead.p50 / 1000, 0.5, ' s', 2),
    ],
  };
}
