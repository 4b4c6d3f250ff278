// What setup installs from Debian and how it finds what is there: the tools, the caption fonts, the
// bootstrap Node check and the install plan. Plain JavaScript, like setup.mjs, which imports it.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
/** Debian puts daemons such as nats-server in /usr/sbin, which is not on a normal user's PATH. */
export const extraBinDirs = ['/usr/local/sbin', '/usr/sbin', '/sbin'];

/** The tools the platform runs, with the Debian package of each. */
export const systemTools = [
  { command: 'ffmpeg', pkg: 'ffmpeg' },
  { command: 'ffprobe', pkg: 'ffmpeg' },
  { command: 'nats-server', pkg: 'nats-server' },
];
export const browserTools = [{ command: ['chromium', 'chromium-browser'], pkg: 'chromium' }];
/** `npm test` renders deploy/k8s with `kubectl kustomize` (Debian's kubectl 1.20 is enough: tests/deploy). */
export const deployTestTools = [{ command: 'kubectl', pkg: 'kubernetes-client' }];
/**
 * `npm test` and `npm run bench` make and read HEIC/AVIF with the encoders people use (the HDR
 * tests decode with avifdec, the WebP outputs with dwebp and webpmux; bench/parts/photos.ts times
 * heif-convert, avifdec and vips).
 */
export const mediaTestTools = [
  { command: 'avifdec', pkg: 'libavif-bin' },
  { command: 'dwebp', pkg: 'webp' },
  { command: 'webpmux', pkg: 'webp' },
  { command: 'avifenc', pkg: 'libavif-bin' },
  { command: 'heif-enc', pkg: 'libheif-examples' },
  { command: 'heif-convert', pkg: 'libheif-examples' },
  { command: 'vips', pkg: 'libvips-tools' },
  { command: 'convert', pkg: 'imagemagick' },
];

/**
 * `npm test` feeds the audio converters files from the encoders people use (LAME MP3 with ID3 tags
 * and a cover, FLAC with a picture, oggenc Vorbis, opusenc Opus, SoX WAV/AIFF):
 * tests/integration/audio-converters.test.ts.
 */
export const audioTestTools = [
  { command: 'sox', pkg: 'sox' },
  { command: 'lame', pkg: 'lame' },
  { command: 'flac', pkg: 'flac' },
  { command: 'oggenc', pkg: 'vorbis-tools' },
  { command: 'opusenc', pkg: 'opus-tools' },
];

/** `npm test` runs the developer guide's shell examples as written: tests/integration/developer-guide.test.ts. */
export const guideTestTools = [
  { command: 'curl', pkg: 'curl' },
  { command: 'jq', pkg: 'jq' },
];

/**
 * Ceph, for the real S3 server `npm test` runs on (packages/devstack/src/ceph-rgw.ts: a monitor, a
 * memstore OSD and radosgw). Installed with apt-get, not unpacked with `dpkg -x`: apt brings the ~60
 * shared libraries and the rados-classes plugins where the daemons look for them.
 */
export const cephTools = [
  { command: 'ceph-mon', pkg: 'ceph-mon' },
  { command: 'ceph-osd', pkg: 'ceph-osd' },
  { command: 'radosgw', pkg: 'radosgw' },
  { command: 'radosgw-admin', pkg: 'ceph-common' },
  { command: 'ceph-authtool', pkg: 'ceph-common' },
];

/**
 * The fonts that text burned into videos falls back on for what the bundled DejaVu Sans lacks
 * (services/transcoder/src/tools/caption-image.ts), each known by a file of its package. Without
 * them a caption still renders, with a box for each such character: setup installs them when it
 * can, else says how, and goes on.
 */
export const captionFonts = [
  // Emoji, in colour.
  { file: /^NotoColorEmoji.*\.ttf$/, pkg: 'fonts-noto-color-emoji' },
  // Chinese, Japanese and Korean.
  { file: /^NotoSansCJK.*\.(ttc|otf)$/, pkg: 'fonts-noto-cjk' },
  // Devanagari, Bengali, Tamil, Thai, Hebrew, Ethiopic and the other scripts of Noto's core set.
  { file: /^NotoSansDevanagari.*\.(ttf|otf)$/, pkg: 'fonts-noto-core' },
];

/** Where fontconfig finds system fonts (MK_FONT_DIRS, colon-separated, replaces them: for tests). */
export function fontDirs(env = process.env) {
  if (env.MK_FONT_DIRS) return env.MK_FONT_DIRS.split(delimiter).filter(Boolean);
  return ['/usr/share/fonts', '/usr/local/share/fonts'];
}

/** The names of the font files under `dirs`, a few levels deep (Debian: truetype/noto/…). */
export function listFontFiles(dirs = fontDirs(), depth = 4) {
  const names = [];
  for (const dir of dirs) {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory() && depth > 1) names.push(...listFontFiles([join(dir, entry.name)], depth - 1));
      else if (!entry.isDirectory()) names.push(entry.name);
    }
  }
  return names;
}

/** The Debian packages of the fonts that none of `files` (font file names) is, in a stable order. */
export function missingFontPackages(fonts, files = listFontFiles()) {
  return fonts.filter((font) => !files.some((name) => font.file.test(name))).map((font) => font.pkg);
}

export function fontsMessage(packages, hasAptGet) {
  const command = `sudo apt-get install -y ${packages.join(' ')}`;
  const what =
    'Until these fonts are installed, captions burned into videos show emoji without colour or as boxes, and Chinese, Japanese, Korean, Devanagari and other scripts as boxes.';
  if (hasAptGet) return `${what} Setup cannot install them without root. Run:\n\n  ${command}\n`;
  return `${what} Install them with your system's package manager (on Debian or Ubuntu: ${command}).`;
}

export class SetupError extends Error {}

/**
 * The oldest Node that runs this script: the machine's own, before node_modules exists. The
 * platform itself runs on the exact Node 24 that npm installs (package.json's `node` and `engines`).
 */
export const bootstrapNodeMajor = 20;

/** Why `version` cannot run setup, or undefined when it can. */
export function bootstrapNodeProblem(version = process.versions.node) {
  if (Number(version.split('.')[0]) >= bootstrapNodeMajor) return undefined;
  return `setup needs Node ${bootstrapNodeMajor} or later to start (this is ${version}); it then installs the Node 24 Mediakit runs on.`;
}

/** The absolute path of an executable on PATH (or in the sbin directories), or undefined. */
export function findExecutable(name, pathEnv = process.env.PATH ?? '') {
  for (const dir of [...pathEnv.split(delimiter).filter(Boolean), ...extraBinDirs]) {
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** The Debian packages to install for the tools that are missing, in a stable order, without duplicates. */
export function missingPackages(tools, find = findExecutable) {
  const missing = [];
  for (const tool of tools) {
    const commands = Array.isArray(tool.command) ? tool.command : [tool.command];
    if (commands.some((c) => find(c)) || missing.includes(tool.pkg)) continue;
    missing.push(tool.pkg);
  }
  return missing;
}

/**
 * How to install packages here: directly as root, through passwordless sudo, or not at all
 * (then the person runs the printed command).
 */
export function installPlan({ isRoot, hasAptGet, hasPasswordlessSudo }) {
  if (!hasAptGet) return { mode: 'manual', prefix: [] };
  if (isRoot) return { mode: 'auto', prefix: [] };
  if (hasPasswordlessSudo) return { mode: 'auto', prefix: ['sudo', '-n'] };
  return { mode: 'manual', prefix: [] };
}

export function manualInstallMessage(packages, hasAptGet) {
  const command = `sudo apt-get install -y ${packages.join(' ')}`;
  const names = packages.join(' and ');
  const them = packages.length === 1 ? 'it' : 'them';
  if (hasAptGet) {
    return `Mediakit needs ${names}, and setup cannot install ${them} without root. Run:\n\n  ${command}\n\nthen try again.`;
  }
  return `Mediakit needs ${names}. Install ${them} with your system's package manager (on Debian or Ubuntu: ${command}), then try again.`;
}
