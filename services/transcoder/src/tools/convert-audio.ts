import { join } from 'node:path';
import type { AudioConverterParams, AudioOutput } from '@mediakit/catalog';
import { probeDuration } from '@mediakit/media';
import type { JobInput, ToolContext, ToolHandler, ToolOutput } from '@mediakit/worker';
import { JobFailure } from '@mediakit/worker';
import { probedByGuard } from '../guard.ts';
import {
  type AudioSettings,
  audioCopyArgs,
  audioExtension,
  audioOutputArgs,
  canCopyAudio,
  keepsCover,
} from './audio-output.ts';
import { type AudioStreams, audioStreams, probeInput } from './audio-source.ts';
import { progressSlice } from './composition-progress.ts';
import { runFfmpegStep } from './ffmpeg-step.ts';
import { baseName } from './output-name.ts';

/**
 * One input to one audio file: the sound stream copied when it already is the format's codec and
 * no setting asks otherwise (canCopyAudio), else encoded (audioOutputArgs, the one place every
 * audio output is encoded). The cover picture goes along, copied, where the format holds one.
 */
export function buildConvertAudioArgs(
  source: AudioStreams,
  format: AudioOutput,
  settings: AudioSettings,
  output: string,
): string[] {
  const cover = source.coverStream !== undefined && keepsCover(format, settings);
  const copy = canCopyAudio(format, settings, source);
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', source.input,
    '-map', `0:${source.audioStream}`,
    ...(cover ? ['-map', `0:${source.coverStream}`, '-c:v', 'copy', '-disposition:v:0', 'attached_pic'] : []),
    ...(copy
      ? audioCopyArgs(format, settings, source.tagStream)
      : audioOutputArgs(format, settings, source.channels, source.tagStream)),
    output,
  ];
}

/** The handler's params: a converter's fixed format or the user's `format`, and the settings. */
type ConvertAudioParams = AudioConverterParams;

/** Seconds of each input, for each one's share of the progress bar (1 when unknown). */
function durations(inputs: readonly JobInput[]): number[] {
  return inputs.map((input) => {
    const probe = probedByGuard(input);
    const seconds = (probe && probeDuration(probe)) ?? input.duration;
    return seconds && seconds > 0 ? seconds : 1;
  });
}

/**
 * A converter to one format (`wav-to-mp3`…), or, without one, the tool where the user picks it
 * (`audio-converter`, `extract-audio`; MP3 by default). Each input gives its own file, named after
 * the upload; several come as a ZIP too (the worker's run-job.ts).
 */
export function makeAudioConverter(fixed?: AudioOutput): ToolHandler<ConvertAudioParams> {
  return async (ctx) => {
    const { format: chosen, ...settings } = ctx.params;
    const format = fixed ?? chosen ?? 'mp3';
    const seconds = durations(ctx.inputs);
    const total = seconds.reduce((a, b) => a + b, 0);
    const outputs: ToolOutput[] = [];
    let done = 0;
    for (const [index, input] of ctx.inputs.entries()) {
      outputs.push(
        await convertOne(ctx, input, index, format, settings, [
          done / total,
          (done + seconds[index]) / total,
        ]),
      );
      done += seconds[index];
    }
    return outputs;
  };
}

async function convertOne(
  ctx: ToolContext<ConvertAudioParams>,
  input: JobInput,
  index: number,
  format: AudioOutput,
  settings: AudioSettings,
  [from, to]: [number, number],
): Promise<ToolOutput> {
  const probe = await probeInput(input, ctx.signal);
  const source = audioStreams(input.path, probe);
  if (!source) throw new JobFailure(`${input.name} has no sound to convert.`);
  const extension = audioExtension(format);
  const output = join(ctx.outDir, `${index}.${extension}`);
  await runFfmpegStep(
    { ...progressSlice(ctx, from * 100, to * 100), inputs: [input] },
    {
      args: buildConvertAudioArgs(source, format, settings, output),
      durationSeconds: probeDuration(probe),
      what: `Converting to ${format.toUpperCase()}`,
    },
  );
  return { path: output, name: `${baseName(input.name, 'audio')}.${extension}` };
}
