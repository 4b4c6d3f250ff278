import { type AudioOutput, audioConverters } from '@mediakit/catalog';
import type { ToolHandler } from '@mediakit/worker';
import { makeAudioConverter } from './convert-audio.ts';

/**
 * The audio converters (`wav-to-mp3`…, each to the one format its catalog entry writes) and the two
 * tools where the user picks the format: `audio-converter` and `extract-audio`. One handler for
 * all (convert-audio.ts); the gateway has already checked each input's format.
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const audioConverterHandlers: Record<string, ToolHandler<any>> = {
  ...Object.fromEntries(
    audioConverters.map((entry) => [entry.name, makeAudioConverter(entry.output.formats[0] as AudioOutput)]),
  ),
  'audio-converter': makeAudioConverter(),
  'extract-audio': makeAudioConverter(),
};
