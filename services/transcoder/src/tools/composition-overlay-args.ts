import { aacAudioArgs, FASTSTART_ARGS, h264VideoArgs } from './encoding.ts';

/**
 * The command line shared by the tools that lay one input over another (overlay image, overlay
 * video, logo): two inputs, a filter graph that ends in `[v]`, the first input's audio kept.
 */
export function overlayCommand(o: {
  base: string;
  top: string;
  graph: string;
  hasAudio: boolean;
  output: string;
}): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.base,
    '-i', o.top,
    '-filter_complex', o.graph,
    '-map', '[v]',
    ...(o.hasAudio ? ['-map', '0:a:0?'] : []),
    ...h264VideoArgs(),
    ...(o.hasAudio ? aacAudioArgs() : []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}
