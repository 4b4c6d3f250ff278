import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { ApiClient, timedJob, uploadOne } from '../lib/jobs.ts';
import type { BenchContext, PartOutcome, PlatformHandle } from '../lib/part.ts';
import { fmt, MB, summarize } from '../lib/stats.ts';
import { atMost } from '../lib/targets.ts';

const run = promisify(execFile);

interface Photo {
  label: string;
  path: string;
  /** heic-to-png etc.: the catalog's converters for this format. */
  from: 'heic' | 'avif';
  /** The raw tools doing the same decode + encode: argv with {in} and {out} placeholders. */
  raw: Array<{ label: string; argv: string[]; out: string }>;
}

/**
 * Photo-sized HEIC and AVIF (issue 24, class 9: a 12 MP HEIC to PNG took ~20 s, a 20 MP AVIF 33 s).
 * The inputs are made by the encoders phones and web tools use (heif-enc with x265, avifenc with aom)
 * from an ImageMagick plasma with noise, and cached in the OS temp dir by size.
 */
async function makePhoto(kind: 'heic' | 'avif', width: number, height: number): Promise<string> {
  const dir = join(tmpdir(), 'mk-bench-media');
  await mkdir(dir, { recursive: true });
  const path = join(dir, `photo-${width}x${height}.${kind}`);
  if (existsSync(path)) return path;
  const png = `${path}.src.png`;
  const partial = `${path}.partial.${kind}`;
  await run('convert', [
    '-seed',
    '7',
    '-size',
    `${width}x${height}`,
    'plasma:fractal',
    '-blur',
    '0x2',
    '-attenuate',
    '0.3',
    '+noise',
    'Gaussian',
    '-depth',
    '8',
    png,
  ]);
  if (kind === 'heic') await run('heif-enc', ['-q', '50', '-o', partial, png]);
  else await run('avifenc', ['-s', '8', '-j', '2', '-y', '420', '--min', '20', '--max', '32', png, partial]);
  await rm(png);
  await rename(partial, path);
  return path;
}

/** sharp sets VIPSHOME for its own libvips; Debian's `vips` would then miss its heif module. */
const { VIPSHOME: _sharpsVipsHome, ...toolEnv } = process.env;

async function timeCommand(argv: string[]): Promise<number> {
  const started = performance.now();
  const options = { env: toolEnv, maxBuffer: 16 * 1024 * 1024, timeout: 10 * 60_000 };
  await run(argv[0], argv.slice(1), options);
  return performance.now() - started;
}

const p50 = (values: number[]) => summarize(values).p50;
const seconds = (ms: number) => fmt(ms / 1000, 2);

export async function photosPart(ctx: BenchContext, platform: PlatformHandle): Promise<PartOutcome> {
  const { quick } = ctx;
  const runs = quick ? 1 : 3;
  const [hw, hh] = quick ? [1008, 756] : [4032, 3024];
  const [aw, ah] = quick ? [1368, 912] : [5472, 3648];
  ctx.log(`photos: making a ${hw}×${hh} HEIC and a ${aw}×${ah} AVIF (cached between runs)`);
  const heic = await makePhoto('heic', hw, hh);
  const avif = await makePhoto('avif', aw, ah);
  const out = (name: string) => join(ctx.workDir, name);
  const photos: Photo[] = [
    {
      label: `${fmt((hw * hh) / 1e6, 0)} MP HEIC (heif-enc/x265 q50)`,
      path: heic,
      from: 'heic',
      raw: [
        {
          label: 'heif-convert (libheif 1.15 + libde265, libpng default level)',
          argv: ['heif-convert', heic, out('raw-heic.png')],
          out: out('raw-heic.png'),
        },
        {
          label: 'vips copy → PNG, zlib 6, all filters (Debian libvips 8.14)',
          argv: ['vips', 'copy', heic, `${out('vips-heic.png')}[compression=6,filter=all]`],
          out: out('vips-heic.png'),
        },
        {
          label: 'vips copy → PNG, zlib 9, all filters (the old setting)',
          argv: ['vips', 'copy', heic, `${out('vips9-heic.png')}[compression=9,filter=all]`],
          out: out('vips9-heic.png'),
        },
      ],
    },
    {
      label: `${fmt((aw * ah) / 1e6, 0)} MP AVIF (avifenc/aom 8-bit 4:2:0)`,
      path: avif,
      from: 'avif',
      raw: [
        {
          label: 'avifdec (dav1d, libpng default level)',
          argv: ['avifdec', avif, out('raw-avif.png')],
          out: out('raw-avif.png'),
        },
        {
          label: 'vips copy → PNG, zlib 6, all filters (Debian libvips 8.14)',
          argv: ['vips', 'copy', avif, `${out('vips-avif.png')}[compression=6,filter=all]`],
          out: out('vips-avif.png'),
        },
        {
          label: 'vips copy → PNG, zlib 9, all filters (the old setting)',
          argv: ['vips', 'copy', avif, `${out('vips9-avif.png')}[compression=9,filter=all]`],
          out: out('vips9-avif.png'),
        },
      ],
    },
  ];

  const client = new ApiClient(platform.stack.url);
  const rows: string[] = [];
  const platformPng: Record<string, number> = {};
  for (const photo of photos) {
    ctx.log(`photos: ${photo.label}`);
    for (const tool of photo.raw) {
      const times: number[] = [];
      for (let i = 0; i < runs; i++) times.push(await timeCommand(tool.argv));
      const { size } = await stat(tool.out);
      rows.push(`| ${photo.label} | raw: ${tool.label} | ${seconds(p50(times))} | ${fmt(size / MB, 1)} |`);
    }
    const fileId = await uploadOne(client, photo.path, `photo.${photo.from}`);
    platform.memory.phase(`photos, ${photo.from}`);
    for (const target of ['png', 'jpg'] as const) {
      const tool = `${photo.from}-to-${target}`;
      const times: number[] = [];
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const { ms, job } = await timedJob(client, tool, [fileId], {});
        times.push(ms);
        bytes = job.outputs[0].size;
      }
      if (target === 'png') platformPng[photo.from] = p50(times);
      rows.push(
        `| ${photo.label} | platform: \`${tool}\` | **${seconds(p50(times))}** | ${fmt(bytes / MB, 1)} |`,
      );
    }
    platform.memory.end();
  }

  const markdown = `Inputs made at start by the encoders phones and web tools use, from an ImageMagick plasma with noise: a ${hw}×${hh} HEIC (\`heif-enc -q 50\`, x265) and a ${aw}×${ah} AVIF (\`avifenc -s 8 -y 420 --min 20 --max 32\`, aom). Seconds as p50 of ${runs} run(s); the platform figure is submit → final event, one job at a time, the output stored. The imager decodes HEIC with libheif-js (wasm, libde265) and AVIF with sharp's libvips (libheif + aom), and writes PNG at zlib level 6 with adaptive filtering (level 9 took 4–7× the CPU for at most 6 % fewer bytes) and JPEG at quality 90. The raw rows are the Debian tools doing the same decode and PNG encode; \`vips\` at level 9 shows what the old setting cost.

| input | run | seconds | output MB |
|---|---|---:|---:|
${rows.join('\n')}
`;
  return {
    markdown,
    targets: quick
      ? []
      : [
          atMost('12 MP HEIC → PNG job', (platformPng.heic ?? Number.NaN) / 1000, 5, ' s', 1),
          atMost('20 MP AVIF → PNG job', (platformPng.avif ?? Number.NaN) / 1000, 5, ' s', 1),
        ],
  };
}
