import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serviceNodeFlags, serviceSpecs } from '@mediakit/devstack';
import { describe, expect, it } from 'vitest';
import { root } from './render.ts';

// No Docker engine here, so the images are not built: the Dockerfiles are held to the rules a
// linter (hadolint) would check, with a small parser of their instructions.
const dockerDir = join(root, 'deploy/docker');
const files = readdirSync(dockerDir).filter((f) => f.endsWith('.Dockerfile'));
const services = ['gateway', 'auth', 'files', 'jobs', 'content', 'transcoder', 'imager'];
const frontends = ['shell', 'tools', 'dashboard'];
/** The exact Node the project pins (root package.json's `node` package): every image runs the same. */
const pinnedNode = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies.node;
const nodeImage = `node:${pinnedNode}-bookworm-slim`;

interface Instruction {
  op: string;
  args: string;
}
/** Instructions with continuation lines joined and comments dropped. */
function parse(text: string): Instruction[] {
  const joined = text.replace(/\\\r?\n/g, ' ');
  return joined
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [op, ...rest] = l.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}
/** The instructions of the last stage: what the image runs. */
const finalStage = (ins: Instruction[]) => ins.slice(ins.map((i) => i.op).lastIndexOf('FROM'));
const baseOf = (from: Instruction) => from.args.split(/\s+/)[0];
/** The Debian packages of the run stage's `apt-get install`s. */
const aptPackages = (ins: Instruction[]) =>
  finalStage(ins)
    .filter((i) => i.op === 'RUN')
    .flatMap((i) => [...i.args.matchAll(/apt-get install ([^&]*)/g)])
    .flatMap((m) => m[1].split(/\s+/).filter((word) => word && !word.startsWith('-')));

describe('Dockerfiles', () => {
  it('exist for every service and every frontend', () => {
    expect(files.sort()).toEqual(
      [...services.map((s) => `${s}.Dockerfile`), ...frontends.map((f) => `web-${f}.Dockerfile`)].sort(),
    );
  });

  it('pin the Node version exactly, in package.json and in every node image', () => {
    expect(pinnedNode).toMatch(/^\d+\.\d+\.\d+$/);
    for (const file of files) {
      const ins = parse(readFileSync(join(dockerDir, file), 'utf8'));
      const nodeBases = ins.filter((i) => i.op === 'FROM' && baseOf(i).startsWith('node:')).map(baseOf);
      for (const base of nodeBases) expect(base, file).toBe(nodeImage);
    }
  });

  it.each(files)('%s: multi-stage, pinned bases, non-root, no curl|sh', (file) => {
    const ins = parse(readFileSync(join(dockerDir, file), 'utf8'));
    const froms = ins.filter((i) => i.op === 'FROM');
    expect(froms.length, 'stages').toBeGreaterThanOrEqual(2);
    const stageNames = froms.map((f) => /\bAS\s+(\S+)/i.exec(f.args)?.[1]).filter(Boolean);
    for (const from of froms) {
      const image = baseOf(from);
      if (stageNames.includes(image)) continue;
      expect(image, 'FROM pinned to a tag').toMatch(/^[\w./-]+:[\w.-]+(@sha256:[0-9a-f]{64})?$/);
      expect(image).not.toMatch(/:latest\b/);
    }
    const last = finalStage(ins);
    const users = last.filter((i) => i.op === 'USER');
    expect(users.length, 'USER in the final stage').toBeGreaterThan(0);
    const user = users[users.length - 1].args.split(':')[0];
    expect(['root', '0']).not.toContain(user);
    // Numeric, so Kubernetes' runAsNonRoot can verify it without reading /etc/passwd.
    expect(user).toMatch(/^\d+$/);
    for (const run of ins.filter((i) => i.op === 'RUN')) {
      expect(run.args, 'piping a download into a shell').not.toMatch(/(curl|wget)[^|]*\|\s*(ba|z)?sh\b/);
      if (/apt-get install/.test(run.args)) {
        expect(run.args).toMatch(/--no-install-recommends/);
        expect(run.args).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
      }
    }
    expect(
      ins.some((i) => i.op === 'ADD' && /https?:\/\//.test(i.args)),
      'ADD from a URL',
    ).toBe(false);
  });

  it.each(services)(
    '%s.Dockerfile runs Node 24 slim directly (SIGTERM reaches node) with its node flags and process environment, ffmpeg only where a child is started',
    (name) => {
      const ins = parse(readFileSync(join(dockerDir, `${name}.Dockerfile`), 'utf8'));
      const last = finalStage(ins);
      expect(baseOf(last[0])).toBe(nodeImage);
      const cmd = last.find((i) => i.op === 'CMD');
      // With the same node flags as `npm start` runs it with.
      const spec = serviceSpecs.find((s) => s.name === name);
      const nodeFlags = spec ? serviceNodeFlags(spec) : [];
      expect(cmd && JSON.parse(cmd.args)).toEqual(['node', ...nodeFlags, `services/${name}/src/main.ts`]);
      // With the same process environment too (the ENV pairs of the final stage).
      const env = last
        .filter((i) => i.op === 'ENV')
        .flatMap((i) => i.args.split(/\s+/))
        .map((pair) => pair.split('='));
      const processEnv = serviceSpecs.find((spec) => spec.name === name)?.processEnv ?? {};
      const envValue = (key: string) =>
        env
          .find(([k]) => k === key)
          ?.slice(1)
          .join('=');
      for (const [key, value] of Object.entries(processEnv)) expect(envValue(key), `ENV ${key}`).toBe(value);
      const installsFfmpeg = ins.some((i) => i.op === 'RUN' && /apt-get install[^&]*\bffmpeg\b/.test(i.args));
      // The transcoder runs ffmpeg; the files service ffprobe on every uploaded video or audio file;
      // the imager decodes animated PNG and AVIF/HEIF sequences with it.
      expect(installsFfmpeg).toBe(name === 'transcoder' || name === 'files' || name === 'imager');
    },
  );

  it('transcoder.Dockerfile installs the fonts captions fall back on, as setup does', async () => {
    const setup = (await import(pathToFileURL(join(root, 'scripts/setup.mjs')).href)) as {
      captionFonts: { pkg: string }[];
    };
    const fonts = setup.captionFonts.map((font) => font.pkg);
    expect(fonts.length).toBeGreaterThan(0);
    const ins = parse(readFileSync(join(dockerDir, 'transcoder.Dockerfile'), 'utf8'));
    expect(aptPackages(ins)).toEqual(expect.arrayContaining(fonts));
    // Only the worker that burns text into videos carries them.
    for (const name of services.filter((s) => s !== 'transcoder')) {
      const other = parse(readFileSync(join(dockerDir, `${name}.Dockerfile`), 'utf8'));
      expect(
        aptPackages(other).filter((pkg) => pkg.startsWith('fonts-')),
        name,
      ).toEqual([]);
    }
  });

  it.each(frontends)(
    'web-%s.Dockerfile serves the build from an unprivileged nginx with our cache rules',
    (app) => {
      const ins = parse(readFileSync(join(dockerDir, `web-${app}.Dockerfile`), 'utf8'));
      const last = finalStage(ins);
      expect(baseOf(last[0])).toMatch(/^nginxinc\/nginx-unprivileged:/);
      const copies = last.filter((i) => i.op === 'COPY').map((i) => i.args);
      expect(copies.some((c) => c.includes(`frontends/${app}/dist`))).toBe(true);
      expect(copies.some((c) => c.includes('cache-headers.inc'))).toBe(true);
    },
  );

  it('caches hashed assets for a year and revalidates the entry points', () => {
    const rules = readFileSync(join(dockerDir, 'nginx/cache-headers.inc'), 'utf8');
    const blocks = [...rules.matchAll(/location ~\* (\S+) \{([^}]*)\}/g)].map((m) => ({
      pattern: new RegExp(m[1].replace(/^\(\?:/, '(?:')),
      body: m[2],
    }));
    const cacheOf = (path: string) =>
      blocks.find((b) => b.pattern.test(path))?.body.match(/Cache-Control "([^"]+)"/)?.[1];
    // Real names from an rspack build (frontends/*/dist).
    expect(cacheOf('/main.4391496d7b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('/268.4dec8de750.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheOf('/remotes/tools/__federation_expose_routes.7581cd3545.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheOf('/remotes/tools/remoteEntry.js')).toBe('no-cache');
    expect(cacheOf('/remotes/dashboard/mf-manifest.json')).toBe('no-cache');
    expect(cacheOf('/index.html')).toBe('no-cache');
    expect(cacheOf('/favicon.ico')).toBe('public, max-age=86400');
    expect(cacheOf('/apple-touch-icon.png')).toBe('public, max-age=86400');
  });

  it('has a root .dockerignore that keeps dependencies, builds, test helpers, data and secrets out', () => {
    const ignore = readFileSync(join(root, '.dockerignore'), 'utf8').split('\n');
    for (const entry of [
      '**/node_modules',
      '**/dist',
      '**/test',
      '.data',
      '.env',
      '.git',
      'packages/proto/src/gen',
    ])
      expect(ignore).toContain(entry);
  });
});
