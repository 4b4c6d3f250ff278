import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Test media is made at test time with ffmpeg's lavfi sources (no committed binaries). */
export async function makeVideo(
  path: string,
  options: {
    seconds: number;
    size?: string;
    rate?: number;
    videoCodec?: string[];
    audioCodec?: string[] | null;
    /** Filters after the test picture, e.g. noise that does not compress (a large file quickly). */
    filter?: string;
  },
): Promise<void> {
  const size = options.size ?? '320x240';
  const rate = options.rate ?? 25;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=${rate}:duration=${options.seconds}${options.filter ? `,${options.filter}` : ''}`,
  ];
  if (options.audioCodec !== null)
    args.push('-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${options.seconds}`);
  args.push(
    ...(options.videoCodec ?? [
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '300k',
    ]),
  );
  if (options.audioCodec !== null) args.push(...(options.audioCodec ?? ['-c:a', 'libopus']));
  args.push('-shortest', path);
  await run('ffmpeg', args);
}

export interface Probe {
  format: { format_name: string; duration: string };
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
}

/** ffprobe as the independent reader of outputs. */
export async function probe(path: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    path,
  ]);
  return JSON.parse(stdout) as Probe;
}

/** Where the `moov` atom sits relative to `mdat`: faststart puts it first. */
export function moovBeforeMdat(bytes: Buffer): boolean {
  return bytes.indexOf('moov') !== -1 && bytes.indexOf('moov') < bytes.indexOf('mdat');
}
