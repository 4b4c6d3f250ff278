import { aacAudioArgs, FASTSTART_ARGS, h264VideoArgs, keepTimingArgs } from './encoding.ts';

/**
 * The command line shared by the tools that lay one input over another (overlay image, overlay
 * video, logo): two inputs, a filter graph that ends in `[v]`, the first input's audio kept (the
 * stream the handler chose, input-streams.ts). The output keeps the base video's frame times: a
 * filter graph's output has no input stream of its own, so the base's time base is passed by value.
 */
export function overlayCommand(o: {
  base: string;
  top: string;
  graph: string;
  hasAudio: boolean;
  output: string;
  audioStream?: string;
  videoTimeBase?: string;
}): string[] {
  // biome-ignore format: flag/value pairs read best on one line each
  return [
    '-i', o.base,
    '-i', o.top,
    '-filter_complex', o.graph,
    '-map', '[v]',
    ...(o.hasAudio ? ['-map', `0:${o.audioStream ?? 'a:0?'}`] : []),
    ...h264VideoArgs(),
    ...keepTimingArgs(o.videoTimeBase),
    ...(o.hasAudio ? aacAudioArgs() : []),
    ...FASTSTART_ARGS,
    o.output,
  ];
}
