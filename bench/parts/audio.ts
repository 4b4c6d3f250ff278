import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ffprobe } from '@mediakit/ffmpeg';
import { audioStreams } from '../../services/transcoder/src/tools/audio-source.ts';
import { buildConvertAudioArgs } from '../../services/transcoder/src/tools/convert-audio.ts';
import { ChildProcessClock } from '../lib/child-clock.ts';
import { runFfmpegCli } from '../lib/ffmpeg-cli.ts';
import { ApiClient, timedJob, uploadOne } from '../lib/jobs.ts';
import { cachedMedia } from '../lib/media.ts';
import type { BenchContext, PartOutcome, PlatformHandle } from '../lib/part.ts';
import { fmt, MB, summarize } from '../lib/stats.ts';
import { atMost } from '../lib/targets.ts';
import { copyFloorMs } from './video.ts';

/** A stereo 44.1 kHz 16-bit WAV of pink noise (what a recording's spectrum looks like to an encoder), cached. */
function makeWav(seconds: number): Promise<string> {
  // biome-ignore format: flag/value pairs read best on one line each
  return cachedMedia(`pink-44100-stereo-${seconds}s.wav`, [
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:sample_rate=44100:amplitude=0.3:duration=${seconds}`,
    '-ac', '2', '-c:a', 'pcm_s16le',
  ]);
}

/**
 * Audio: a WAV recording to MP3 at 192 kb/s through the platform and as the ffmpeg CLI with the
 * arguments the transcoder builds (convert-audio.ts), so both encode identically.
 */
export async function audioPart(ctx: BenchContext, platform: PlatformHandle): Promise<PartOutcome> {
  const seconds = ctx.quick ? 10 : 600;
  ctx.log(`audio: making a ${seconds} s WAV (cached between runs)`);
  const wav = await makeWav(seconds);
  const params = { bitrate: 192 };
  const output = join(ctx.workDir, 'audio.mp3');
  const source = audioStreams(wav, await ffprobe(wav));
  if (!source) throw new Error('the bench WAV has no sound');
  const args = buildConvertAudioArgs(source, 'mp3', params, output);

  const client = new ApiClient(platform.stack.url);
  const id = await uploadOne(client, wav, 'recording.wav');
  const runs = ctx.quick ? 1 : 3;
  const rawMs: number[] = [];
  const platformMs: number[] = [];
  const inJobFfmpegMs: number[] = [];
  const overheadMs: number[] = [];
  const floorMs: number[] = [];
  let platformBytes = 0;
  platform.memory.phase('audio: wav-to-mp3');
  for (let i = 0; i < runs; i++) {
    rawMs.push((await runFfmpegCli(args)).ms);
    floorMs.push(await copyFloorMs(wav, output, ctx.workDir));
    const transcoder = platform.stack.pids().transcoder;
    if (transcoder === undefined) throw new Error('the transcoder is not running');
    const clock = new ChildProcessClock(transcoder, 'ffmpeg').start();
    const { ms, job } = await timedJob(client, 'wav-to-mp3', [id], params);
    const ffmpegMs = await clock.stop();
    platformMs.push(ms);
    inJobFfmpegMs.push(ffmpegMs);
    overheadMs.push(ms - ffmpegMs);
    platformBytes = job.outputs[0].size;
  }
  platform.memory.end();
  const raw = summarize(rawMs);
  const through = summarize(platformMs);
  const overhead = summarize(overheadMs);
  const ratio = through.p50 / raw.p50;
  const inSeconds = (s: { p50: number; min: number; max: number }) =>
    `${fmt(s.p50 / 1000, 2)} (${fmt(s.min / 1000, 2)}–${fmt(s.max / 1000, 2)})`;
  const inputMB = (await stat(wav)).size / MB;
  const rawBytes = (await stat(output)).size;
  const markdown = `Input: ${seconds} s of stereo 44.1 kHz 16-bit pink noise as WAV (${fmt(inputMB, 0)} MB, made with lavfi \`anoisesrc\`), converted by \`wav-to-mp3\` at a constant 192 kb/s. Raw = the ffmpeg CLI with the very arguments the transcoder builds (\`buildConvertAudioArgs\`, \`runFfmpeg\`'s prefix and input restrictions); platform = submit → final SSE event, the output stored. ${runs} run(s), alternating; seconds as p50 (min–max).

| job | raw ffmpeg s | platform s | ratio | ffmpeg in the job s | overhead ms (in the job) | copy floor ms | output MB raw / platform |
|---|---:|---:|---:|---:|---:|---:|---:|
| wav-to-mp3: WAV → MP3 192 kb/s | ${inSeconds(raw)} | ${inSeconds(through)} | **${fmt(ratio, 3)}×** | ${inSeconds(summarize(inJobFfmpegMs))} | **${fmt(overhead.p50, 0)}** (${fmt(overhead.min, 0)}–${fmt(overhead.max, 0)}) | ${fmt(summarize(floorMs).p50, 0)} | ${fmt(rawBytes / MB, 1)} / ${fmt(platformBytes / MB, 1)} |

The overhead is measured as for Video: the job's time minus the time the transcoder's ffmpeg ran. An MP3 encode runs at well over 100× real time on one core, so fetching and decrypting a large WAV from the object store weighs more here than in a video encode.
`;
  return {
    markdown,
    targets: [
      atMost(
        'Audio encode time vs raw ffmpeg (wav-to-mp3)',
        ratio,
        1.1,
        '×',
        3,
        `overhead within the job ${fmt(overhead.p50 / 1000, 2)} s`,
      ),
    ],
  };
}
