import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findExecutable as findExecutableTs } from './which.ts';

// scripts/setup.mjs runs before the project's dependencies (and its Node) exist, so it is plain
// JavaScript without types; its decisions are exported and tested here.
const root = resolve(import.meta.dirname, '../../..');
const setupPath = join(root, 'scripts/setup.mjs');
interface Tool {
  command: string | string[];
  pkg: string;
}
const setup = (await import(pathToFileURL(setupPath).href)) as {
  systemTools: Tool[];
  browserTools: Tool[];
  cephTools: Tool[];
  findExecutable(name: string, pathEnv?: string): string | undefined;
  missingPackages(tools: Tool[], find?: (name: string) => string | undefined): string[];
  installPlan(facts: { isRoot: boolean; hasAptGet: boolean; hasPasswordlessSudo: boolean }): {
    mode: 'auto' | 'manual';
    prefix: string[];
  };
  manualInstallMessage(packages: string[], hasAptGet: boolean): string;
  captionFonts: { file: RegExp; pkg: string }[];
  listFontFiles(dirs?: string[]): string[];
  missingFontPackages(fonts: { file: RegExp; pkg: string }[], files?: string[]): string[];
  fontsMessage(packages: string[], hasAptGet: boolean): string;
  needsInstall(dir: string): boolean;
  needsProto(dir: string): boolean;
  needsBenchInstall(dir: string): boolean;
  bootstrapNodeMajor: number;
  bootstrapNodeProblem(version?: string): string | undefined;
};

const scratch = mkdtempSync(join(tmpdir(), 'mk-setup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function touch(path: string, secondsAgo = 0) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '');
  const time = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, time, time);
}

/** A world-readable fake checkout with setup.mjs, whose dependencies and gRPC code look up to date. */
function fakeCheckout(name: string) {
  chmodSync(scratch, 0o755);
  const dir = join(scratch, name);
  touch(join(dir, 'package-lock.json'), 100);
  touch(join(dir, 'node_modules/.package-lock.json'));
  touch(join(dir, 'node_modules/.bin/node'));
  touch(join(dir, 'proto/mediakit/a/v1/a.proto'), 100);
  touch(join(dir, 'packages/proto/src/gen/mediakit/a/v1/a.ts'));
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  copyFileSync(setupPath, join(dir, 'scripts/setup.mjs'));
  mkdirSync(join(dir, 'scripts/setup'), { recursive: true });
  copyFileSync(
    join(root, 'scripts/setup/system-packages.mjs'),
    join(dir, 'scripts/setup/system-packages.mjs'),
  );
  return join(dir, 'scripts/setup.mjs');
}

describe('setup: system tools', () => {
  it('finds executables on PATH and ignores plain files', () => {
    const bin = join(scratch, 'bin');
    touch(join(bin, 'tool-a'));
    chmodSync(join(bin, 'tool-a'), 0o755);
    touch(join(bin, 'not-executable'));
    expect(setup.findExecutable('tool-a', bin)).toBe(join(bin, 'tool-a'));
    expect(setup.findExecutable('not-executable', bin)).toBeUndefined();
    expect(setup.findExecutable('no-such-tool-anywhere', bin)).toBeUndefined();
    // The devstack's TypeScript twin agrees.
    expect(findExecutableTs('tool-a', bin)).toBe(join(bin, 'tool-a'));
  });

  it('asks for each missing Debian package once', () => {
    const have = (names: string[]) => (name: string) =>
      names.includes(name) ? `/usr/bin/${name}` : undefined;
    expect(setup.missingPackages(setup.systemTools, have([]))).toEqual(['ffmpeg', 'nats-server']);
    expect(setup.missingPackages(setup.systemTools, have(['ffmpeg']))).toEqual(['ffmpeg', 'nats-server']);
    expect(setup.missingPackages(setup.systemTools, have(['ffmpeg', 'ffprobe']))).toEqual(['nats-server']);
    expect(setup.missingPackages(setup.systemTools, have(['ffmpeg', 'ffprobe', 'nats-server']))).toEqual([]);
    expect(setup.missingPackages(setup.browserTools, have(['chromium-browser']))).toEqual([]);
    expect(setup.missingPackages(setup.browserTools, have([]))).toEqual(['chromium']);
    // Ceph's admin tools come with ceph-common, asked for once.
    expect(setup.missingPackages(setup.cephTools, have(['ceph-mon', 'ceph-osd', 'radosgw']))).toEqual([
      'ceph-common',
    ]);
  });

  it('installs as root or through passwordless sudo, else leaves it to the person', () => {
    expect(setup.installPlan({ isRoot: true, hasAptGet: true, hasPasswordlessSudo: false })).toEqual({
      mode: 'auto',
      prefix: [],
    });
    expect(setup.installPlan({ isRoot: false, hasAptGet: true, hasPasswordlessSudo: true })).toEqual({
      mode: 'auto',
      prefix: ['sudo', '-n'],
    });
    expect(setup.installPlan({ isRoot: false, hasAptGet: true, hasPasswordlessSudo: false }).mode).toBe(
      'manual',
    );
    expect(setup.installPlan({ isRoot: true, hasAptGet: false, hasPasswordlessSudo: false }).mode).toBe(
      'manual',
    );
  });

  it('prints the exact command to run', () => {
    expect(setup.manualInstallMessage(['ffmpeg', 'nats-server'], true)).toContain(
      '\n  sudo apt-get install -y ffmpeg nats-server\n',
    );
    expect(setup.manualInstallMessage(['nats-server'], false)).toContain(
      'sudo apt-get install -y nats-server',
    );
  });

  it.skipIf(process.getuid?.() !== 0 || !findExecutableTs('setpriv'))(
    'stops with the command when it is not root and tools are missing',
    () => {
      // A fake checkout with only apt-get on PATH: ffmpeg looks missing, and `nobody` cannot install it.
      const script = fakeCheckout('as-nobody');
      const bin = join(scratch, 'apt-only');
      mkdirSync(bin, { recursive: true });
      symlinkSync(findExecutableTs('apt-get') ?? '/usr/bin/apt-get', join(bin, 'apt-get'));
      const result = spawnSync(
        findExecutableTs('setpriv') as string,
        ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, script],
        { env: { PATH: bin, HOME: scratch }, encoding: 'utf8' },
      );
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('sudo apt-get install -y ffmpeg');
      expect(result.stdout).not.toContain('installing');
    },
  );
});

describe('setup: caption fonts', () => {
  it('asks for the package of each font none of the files is', () => {
    const all = ['fonts-noto-color-emoji', 'fonts-noto-cjk', 'fonts-noto-core'];
    expect(setup.missingFontPackages(setup.captionFonts, [])).toEqual(all);
    expect(setup.missingFontPackages(setup.captionFonts, ['DejaVuSans.ttf', 'NotoSans-Bold.ttf'])).toEqual(
      all,
    );
    // Debian's file names, and Fedora's variable Devanagari font.
    expect(
      setup.missingFontPackages(setup.captionFonts, [
        'NotoColorEmoji.ttf',
        'NotoSansCJK-Bold.ttc',
        'NotoSansDevanagari[wdth,wght].ttf',
      ]),
    ).toEqual([]);
    expect(setup.missingFontPackages(setup.captionFonts, ['NotoSansDevanagari-Bold.ttf'])).toEqual([
      'fonts-noto-color-emoji',
      'fonts-noto-cjk',
    ]);
  });

  it('finds font files in subdirectories', () => {
    const fonts = join(scratch, 'fonts');
    touch(join(fonts, 'truetype/noto/NotoColorEmoji.ttf'));
    touch(join(fonts, 'opentype/noto/NotoSansCJK-Bold.ttc'));
    expect(setup.listFontFiles([fonts, join(scratch, 'no-such-dir')]).sort()).toEqual([
      'NotoColorEmoji.ttf',
      'NotoSansCJK-Bold.ttc',
    ]);
  });

  it('says what is missing and the exact command', () => {
    const message = setup.fontsMessage(['fonts-noto-cjk'], true);
    expect(message).toContain('Chinese, Japanese, Korean');
    expect(message).toContain('\n  sudo apt-get install -y fonts-noto-cjk\n');
    expect(setup.fontsMessage(['fonts-noto-cjk'], false)).toContain("system's package manager");
  });

  it.skipIf(process.getuid?.() !== 0 || !findExecutableTs('setpriv'))(
    'goes on without the fonts when it cannot install them, with the command to run',
    () => {
      const script = fakeCheckout('no-fonts');
      const bin = join(scratch, 'tools-and-apt');
      for (const tool of ['ffmpeg', 'ffprobe', 'nats-server']) {
        touch(join(bin, tool));
        chmodSync(join(bin, tool), 0o755);
      }
      symlinkSync(findExecutableTs('apt-get') ?? '/usr/bin/apt-get', join(bin, 'apt-get'));
      const result = spawnSync(
        findExecutableTs('setpriv') as string,
        ['--reuid=nobody', '--regid=nogroup', '--clear-groups', process.execPath, script],
        { env: { PATH: bin, HOME: scratch, MK_FONT_DIRS: join(scratch, 'empty-fonts') }, encoding: 'utf8' },
      );
      expect(result.status).toBe(0);
      expect(result.stderr).toContain(
        'sudo apt-get install -y fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core',
      );
      expect(result.stdout.trim()).toMatch(/^setup: ready, without the caption fonts \(\d+ ms\)$/);
    },
  );
});

describe('setup: which Node', () => {
  it("starts on the machine's Node 20 or later and refuses an older one, saying why", () => {
    expect(setup.bootstrapNodeMajor).toBe(20);
    expect(setup.bootstrapNodeProblem('20.0.0')).toBeUndefined();
    expect(setup.bootstrapNodeProblem('24.21.0')).toBeUndefined();
    expect(setup.bootstrapNodeProblem('18.19.1')).toMatch(/needs Node 20 or later .*this is 18\.19\.1/);
  });

  it('installs the exact Node 24 the platform runs on, which engines names', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.devDependencies.node).toMatch(/^24\.\d+\.\d+$/);
    expect(pkg.engines.node).toBe(`^${pkg.devDependencies.node}`);
  });
});

describe('setup: freshness checks', () => {
  it('installs npm dependencies when node_modules is missing or older than the lockfile', () => {
    const dir = join(scratch, 'deps');
    touch(join(dir, 'package-lock.json'), 100);
    expect(setup.needsInstall(dir)).toBe(true);
    touch(join(dir, 'node_modules/.package-lock.json'), 50);
    touch(join(dir, 'node_modules/.bin/node'), 50);
    expect(setup.needsInstall(dir)).toBe(false);
    touch(join(dir, 'package-lock.json'));
    expect(setup.needsInstall(dir)).toBe(true);
    touch(join(dir, 'node_modules/.package-lock.json'));
    expect(setup.needsInstall(dir)).toBe(false);
    rmSync(join(dir, 'node_modules/.bin/node'));
    expect(setup.needsInstall(dir)).toBe(true);
  });

  it("installs the bench's own packages when bench/node_modules is missing or older than its lockfile", () => {
    const dir = join(scratch, 'bench-deps');
    mkdirSync(dir, { recursive: true });
    expect(setup.needsBenchInstall(dir)).toBe(false);
    touch(join(dir, 'bench/package.json'), 100);
    touch(join(dir, 'bench/package-lock.json'), 100);
    expect(setup.needsBenchInstall(dir)).toBe(true);
    touch(join(dir, 'bench/node_modules/.package-lock.json'), 50);
    expect(setup.needsBenchInstall(dir)).toBe(false);
    touch(join(dir, 'bench/package-lock.json'));
    expect(setup.needsBenchInstall(dir)).toBe(true);
  });

  it('leaves Lighthouse out of the default install: only the bench declares it', () => {
    const manifest = (path: string) =>
      JSON.parse(readFileSync(join(root, path), 'utf8')) as { devDependencies?: Record<string, string> };
    expect(manifest('package.json').devDependencies).not.toHaveProperty('lighthouse');
    expect(manifest('bench/package.json').devDependencies).toHaveProperty('lighthouse');
    expect(readFileSync(join(root, 'package-lock.json'), 'utf8')).not.toContain('node_modules/lighthouse"');
  });

  it('generates gRPC code when it is missing or older than a .proto file', () => {
    const dir = join(scratch, 'proto');
    touch(join(dir, 'proto/mediakit/a/v1/a.proto'), 100);
    expect(setup.needsProto(dir)).toBe(true);
    touch(join(dir, 'packages/proto/src/gen/mediakit/a/v1/a.ts'), 50);
    expect(setup.needsProto(dir)).toBe(false);
    touch(join(dir, 'proto/mediakit/a/v1/a.proto'));
    expect(setup.needsProto(dir)).toBe(true);
  });

  it('does nothing, quickly, when everything is in place', () => {
    const script = fakeCheckout('complete');
    const bin = join(scratch, 'all-tools');
    for (const tool of ['ffmpeg', 'ffprobe', 'nats-server']) {
      touch(join(bin, tool));
      chmodSync(join(bin, tool), 0o755);
    }
    const started = Date.now();
    const result = spawnSync(process.execPath, [script], { env: { PATH: bin }, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toMatch(/^setup: everything is in place \(\d+ ms\)$/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
