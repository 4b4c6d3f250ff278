import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegError } from './errors.ts';
import { buildFfprobeArgs, ffprobe } from './ffprobe.ts';
import { runFfmpeg } from './run-ffmpeg.ts';
import { INPUT_DEMUXERS, inputRestrictionArgs, secureInputs } from './secure-inputs.ts';

const run = promisify(execFile);
const RESTRICT = ['-protocol_whitelist', 'file', '-format_whitelist', INPUT_DEMUXERS.join(',')];

describe('secureInputs', () => {
  it('restricts every file input, right before its -i and after its own options', () => {
    expect(
      secureInputs([
        '-ss',
        '1',
        '-i',
        '/in/a.mp4',
        '-loop',
        '1',
        '-i',
        '/in/b.png',
        '-c:v',
        'libx264',
        'o.mp4',
      ]),
    ).toEqual([
      '-ss',
      '1',
      ...RESTRICT,
      '-i',
      '/in/a.mp4',
      '-loop',
      '1',
      ...RESTRICT,
      '-i',
      '/in/b.png',
      '-c:v',
      'libx264',
      'o.mp4',
    ]);
  });

  it('leaves -f lavfi filter sources alone, and only the input they belong to', () => {
    expect(
      secureInputs([
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=48000',
        '-i',
        '/in/a.webm',
        '-f',
        'lavfi',
        '-t',
        '2',
        '-i',
        'color=black',
        'o.mp4',
      ]),
    ).toEqual([
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=48000',
      ...RESTRICT,
      '-i',
      '/in/a.webm',
      '-f',
      'lavfi',
      '-t',
      '2',
      '-i',
      'color=black',
      'o.mp4',
    ]);
  });

  it('restricts an input forced to another format, and a -f that was overridden', () => {
    expect(secureInputs(['-f', 'concat', '-i', '/in/list.txt', 'o.mp4'])).toEqual([
      '-f',
      'concat',
      ...RESTRICT,
      '-i',
      '/in/list.txt',
      'o.mp4',
    ]);
    expect(secureInputs(['-f', 'lavfi', '-f', 'hls', '-i', '/in/x.m3u8'])).toEqual([
      '-f',
      'lavfi',
      '-f',
      'hls',
      ...RESTRICT,
      '-i',
      '/in/x.m3u8',
    ]);
  });

  it('does not touch output options such as an output -f, nor an argument list without inputs', () => {
    expect(secureInputs(['-i', '/in/a.mp4', '-f', 'null', '-'])).toEqual([
      ...RESTRICT,
      '-i',
      '/in/a.mp4',
      '-f',
      'null',
      '-',
    ]);
    expect(secureInputs(['-version'])).toEqual(['-version']);
    expect(secureInputs([])).toEqual([]);
  });

  it('puts its whitelist after a caller-supplied one, so the caller cannot widen it', () => {
    const args = secureInputs(['-protocol_whitelist', 'file,http,tcp', '-i', '/in/a.mp4', 'o.mp4']);
    expect(args.lastIndexOf('-protocol_whitelist')).toBe(2);
    expect(args[3]).toBe('file');
  });

  it('does not mutate its argument', () => {
    const args = ['-i', '/in/a.mp4', 'o.mp4'];
    secureInputs(args);
    expect(args).toEqual(['-i', '/in/a.mp4', 'o.mp4']);
  });

  it('lists no playlist, list or network demuxer', () => {
    for (const name of [
      'hls',
      'concat',
      'dash',
      'rtsp',
      'sdp',
      'rtp',
      'lavfi',
      'tty',
      'data',
      'ffmetadata',
    ]) {
      expect(INPUT_DEMUXERS).not.toContain(name);
    }
  });

  it('is also what ffprobe gets', () => {
    expect(buildFfprobeArgs('/in/a.mp4')).toEqual([
      '-v',
      'error',
      ...inputRestrictionArgs(),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '/in/a.mp4',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------
// Against the real ffmpeg 5.1

let dir: string;
const p = (name: string) => join(dir, name);
const ffmpeg = (...args: string[]) => run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

/** One tiny file of every kind the platform accepts, made by ffmpeg with the given options. */
const SAMPLES: Record<string, { args: string[]; demuxer: string }> = {
  'clip.mp4': { args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'], demuxer: 'mov' },
  'clip.mov': { args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'], demuxer: 'mov' },
  'clip.webm': { args: ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus'], demuxer: 'matroska' },
  'clip.mkv': { args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'], demuxer: 'matroska' },
  'clip.avi': { args: ['-c:v', 'mpeg4', '-c:a', 'libmp3lame'], demuxer: 'avi' },
  'clip.wmv': { args: ['-c:v', 'wmv2', '-c:a', 'wmav2'], demuxer: 'asf' },
  'clip.flv': { args: ['-c:v', 'flv', '-c:a', 'libmp3lame', '-ar', '44100'], demuxer: 'flv' },
  'clip.ts': { args: ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'], demuxer: 'mpegts' },
  'clip.mpg': { args: ['-c:v', 'mpeg2video', '-c:a', 'mp2', '-f', 'mpeg'], demuxer: 'mpeg' },
  'clip.m2v': { args: ['-an', '-c:v', 'mpeg2video', '-f', 'mpeg2video'], demuxer: 'mpegvideo' },
  'sound.mp3': { args: ['-vn', '-c:a', 'libmp3lame'], demuxer: 'mp3' },
  'sound.m4a': { args: ['-vn', '-c:a', 'aac'], demuxer: 'mov' },
  'sound.aac': { args: ['-vn', '-c:a', 'aac', '-f', 'adts'], demuxer: 'aac' },
  'sound.wav': { args: ['-vn'], demuxer: 'wav' },
  'sound.flac': { args: ['-vn'], demuxer: 'flac' },
  'sound.ogg': { args: ['-vn', '-c:a', 'libvorbis'], demuxer: 'ogg' },
  'sound.opus': { args: ['-vn', '-c:a', 'libopus'], demuxer: 'ogg' },
  'sound.aiff': { args: ['-vn'], demuxer: 'aiff' },
  'still.png': { args: ['-an', '-frames:v', '1'], demuxer: 'png_pipe' },
  'still.jpg': { args: ['-an', '-frames:v', '1'], demuxer: 'jpeg_pipe' },
  'still.webp': { args: ['-an', '-frames:v', '1'], demuxer: 'webp_pipe' },
  'still.gif': { args: ['-an', '-frames:v', '1'], demuxer: 'gif' },
  'still.bmp': { args: ['-an', '-frames:v', '1'], demuxer: 'bmp_pipe' },
  'still.tiff': { args: ['-an', '-frames:v', '1'], demuxer: 'tiff_pipe' },
  'moving.gif': { args: ['-an', '-t', '0.5'], demuxer: 'gif' },
};

/** Connections made to a local port: the proof that ffmpeg did (or did not) reach the network. */
let listener: Server;
let port: number;
let connections = 0;
const sockets = new Set<Socket>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mk-secure-'));
  const source = ['-f', 'lavfi', '-i', 'testsrc2=size=64x48:rate=10', '-f', 'lavfi', '-i', 'sine', '-t', '1'];
  await Promise.all(Object.entries(SAMPLES).map(([name, s]) => ffmpeg(...source, ...s.args, p(name))));
  listener = createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.end('HTTP/1.0 404 Not Found\r\n\r\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => listener?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** Waits a moment so a connection ffmpeg made just before exiting is counted. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('every accepted kind of input still reads with the restrictions', () => {
  it.each(Object.entries(SAMPLES).map(([name, s]) => [name, s.demuxer]))(
    '%s (the %s demuxer)',
    async (name, demuxer) => {
      const probe = await ffprobe(p(name));
      expect(probe.format.format_name.split(',')).toContain(demuxer);
      await runFfmpeg({ args: ['-i', p(name), '-f', 'null', '-'] });
    },
  );

  it('reads a still image looped into a clip (-loop 1), as slideshows and overlays do', async () => {
    await runFfmpeg({ args: ['-loop', '1', '-t', '0.5', '-i', p('still.png'), '-f', 'null', '-'] });
    await runFfmpeg({
      args: ['-f', 'image2', '-loop', '1', '-t', '0.5', '-i', p('still.jpg'), '-f', 'null', '-'],
    });
  });

  it('still runs lavfi sources next to a restricted file input', async () => {
    await runFfmpeg({
      args: [
        '-i',
        p('clip.mp4'),
        '-f',
        'lavfi',
        '-t',
        '1',
        '-i',
        'anullsrc=r=48000:cl=stereo',
        '-map',
        '0:v',
        '-map',
        '1:a',
        '-f',
        'null',
        '-',
      ],
    });
  });
});

describe('playlists and URLs are refused without touching the network', () => {
  // A playlist whose first segment is on the network and second is a real local file: without the
  // restrictions ffmpeg would try the URL and then happily read the local file into the output.
  const playlist = () =>
    [
      '#EXTM3U',
      '#EXT-X-TARGETDURATION:1',
      '#EXTINF:1,',
      `http://127.0.0.1:${port}/segment.ts`,
      '#EXTINF:1,',
      p('clip.ts'),
      '#EXT-X-ENDLIST',
      '',
    ].join('\n');

  it('the listener counts a connection when ffmpeg is allowed to make one (the test can fail)', async () => {
    connections = 0;
    await expect(
      runFfmpeg({
        args: ['-i', `http://127.0.0.1:${port}/clip.mp4`, '-f', 'null', '-'],
        trustedInputs: true,
      }),
    ).rejects.toThrow(FfmpegError);
    await settle();
    expect(connections).toBe(1);
  });

  it('an unrestricted ffmpeg follows the playlist to the local file (what the restrictions prevent)', async () => {
    await writeFile(p('open.m3u8'), playlist());
    await runFfmpeg({ args: ['-i', p('open.m3u8'), '-f', 'null', '-'], trustedInputs: true });
  });

  /** Writes `text` to a file in the test folder; its path is the input. */
  const written = async (name: string, text: string) => {
    await writeFile(p(name), text);
    return p(name);
  };

  it.each([
    ['an HLS playlist', () => written('list.m3u8', playlist()), [], /\[hls[^\]]*\] Format not on whitelist/],
    [
      'the playlist when its format is forced with -f hls',
      () => written('forced.m3u8', playlist()),
      ['-f', 'hls'],
      /Format not on whitelist/,
    ],
    [
      'a URL input outright',
      async () => `http://127.0.0.1:${port}/clip.mp4`,
      [],
      /Protocol 'http' not on whitelist 'file'/,
    ],
    [
      'an ffconcat list',
      () =>
        written(
          'list.ffconcat',
          `ffconcat version 1.0\nfile ${p('clip.mp4')}\nfile http://127.0.0.1:${port}/more.mp4\n`,
        ),
      [],
      /\[concat[^\]]*\] Format not on whitelist/,
    ],
  ] as const)(
    'refuses %s: runFfmpeg rejects and no connection arrives',
    async (_what, input, format, refused) => {
      const path = await input();
      connections = 0;
      const err = await runFfmpeg({ args: [...format, '-i', path, '-f', 'null', '-'] }).catch((e) => e);
      await settle();
      expect(err).toBeInstanceOf(FfmpegError);
      expect(err.stderrTail).toMatch(refused);
      expect(connections).toBe(0);
    },
  );

  it('the protocol whitelist alone keeps a followed playlist off the network (second layer)', async () => {
    await writeFile(p('layer.m3u8'), playlist());
    connections = 0;
    // hls allowed on purpose (written out here, hence trustedInputs): only `file` stands in the way.
    await runFfmpeg({
      args: [
        '-protocol_whitelist',
        'file',
        '-format_whitelist',
        'hls,mpegts',
        '-i',
        p('layer.m3u8'),
        '-f',
        'null',
        '-',
      ],
      trustedInputs: true,
    });
    await settle();
    expect(connections).toBe(0);
  });

  it('ffprobe refuses the playlist and the list the same way', async () => {
    await writeFile(p('probe.m3u8'), playlist());
    connections = 0;
    for (const name of ['probe.m3u8', 'list.ffconcat']) {
      const err = await ffprobe(p(name)).catch((e) => e);
      expect(err).toBeInstanceOf(FfmpegError);
      expect(err.tool).toBe('ffprobe');
      expect(err.stderrTail).toMatch(/Format not on whitelist/);
    }
    await settle();
    expect(connections).toBe(0);
  });
});
