// Makes a fresh clone runnable: npm dependencies (which bring the project's Node 24), the system
// tools (ffmpeg, ffprobe, nats-server; with MK_SETUP_BROWSER=1, as `npm test` sets it, also the
// test tools: chromium, kubectl, the HEIF/AVIF tools and Ceph), the bench's own npm
// packages (bench/package.json, with MK_SETUP_BENCH=1), the fonts captions fall back on (colour
// emoji, Chinese, Japanese, Korean, Devanagari and more), the generated gRPC code, the production
// builds of the three web apps (when missing or older than their sources) and the commit-message
// hook (core.hooksPath = .githooks). Idempotent and quick when everything is there. Plain
// JavaScript without dependencies, so it runs on the machine's own Node (20 or later) before
// node_modules exists.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  audioTestTools,
  bootstrapNodeProblem,
  browserTools,
  captionFonts,
  cephTools,
  deployTestTools,
  findExecutable,
  fontsMessage,
  guideTestTools,
  installPlan,
  manualInstallMessage,
  mediaTestTools,
  missingFontPackages,
  missingPackages,
  SetupError,
  systemTools,
} from './setup/system-packages.mjs';

// The lists and lookups are part of setup's interface (its tests and the Dockerfile test read them).
export * from './setup/system-packages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * True when the bench's own dependencies (bench/package.json: Lighthouse) must be (re)installed:
 * only `npm run bench` and `npm test` (which runs the bench in miniature) ask for them.
 */
export function needsBenchInstall(dir) {
  const bench = join(dir, 'bench');
  const marker = join(bench, 'node_modules/.package-lock.json');
  if (!existsSync(join(bench, 'package.json'))) return false;
  if (!existsSync(marker)) return true;
  return statSync(join(bench, 'package-lock.json')).mtimeMs > statSync(marker).mtimeMs;
}

/** True when npm dependencies must be (re)installed. */
export function needsInstall(dir) {
  const modules = join(dir, 'node_modules');
  const marker = join(modules, '.package-lock.json');
  if (!existsSync(modules) || !existsSync(marker)) return true;
  if (!existsSync(join(modules, '.bin/node'))) return true;
  const lock = join(dir, 'package-lock.json');
  return existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs;
}

function newestMtime(dir, accept, recurse = true) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (recurse && entry.name !== 'node_modules' && entry.name !== 'dist')
        newest = Math.max(newest, newestMtime(path, accept));
    } else if (accept(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function oldestMtime(dir) {
  let oldest = Number.POSITIVE_INFINITY;
  if (!existsSync(dir)) return oldest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    oldest = Math.min(oldest, entry.isDirectory() ? oldestMtime(path) : statSync(path).mtimeMs);
  }
  return oldest;
}

/** True when packages/proto/src/gen is missing or older than a .proto file or the buf config. */
export function needsProto(dir) {
  const gen = join(dir, 'packages/proto/src/gen');
  const oldestGenerated = oldestMtime(gen);
  if (oldestGenerated === Number.POSITIVE_INFINITY) return true;
  const newestSource = newestMtime(
    join(dir, 'proto'),
    (name) => name.endsWith('.proto') || name.startsWith('buf.'),
  );
  return newestSource > oldestGenerated;
}

/** PATH without this project's node_modules/.bin, so npm and apt run on the system's tools. */
function systemPath() {
  const own = join(root, 'node_modules', '.bin');
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter((d) => d && resolve(d) !== own)
    .join(delimiter);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw new SetupError(`could not run ${command}: ${result.error.message}`);
  if (result.status !== 0) {
    const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.status}`;
    throw new SetupError(`\`${[command, ...args].join(' ')}\` ${how}`);
  }
}

function step(message) {
  console.log(`setup: ${message}`);
}

/** Runs npm with its output captured, then prints it without the Node-engine noise of Node 20. */
function npm(args, env) {
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['inherit', 'pipe', 'pipe'],
  });
  if (result.error) throw new SetupError(`could not run npm: ${result.error.message}`);
  const output = `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((line) => !/^npm warn EBADENGINE/.test(line))
    .join('\n')
    .trim();
  return {
    ok: result.status === 0,
    output,
    outOfSync: /can only install packages when your package\.json and package-lock\.json/.test(output),
  };
}

function installDependencies() {
  const hasLock = existsSync(join(root, 'package-lock.json'));
  const command = hasLock ? 'ci' : 'install';
  step(`installing npm dependencies (npm ${command}; a minute or two on a fresh clone)`);
  // npm from the system's PATH: `npm ci` replaces node_modules, including the Node 24 that
  // node_modules/.bin would otherwise put first.
  const env = { ...process.env, PATH: systemPath() };
  let result = npm([command], env);
  if (!result.ok && hasLock) {
    // npm ci refuses a lock file that lacks entries npm would add now (for example optional
    // packages of other platforms that a registry mirror did not have when it was written).
    // Install from package.json without rewriting the lock file, and say so.
    if (result.outOfSync) {
      step('npm ci: package.json and package-lock.json are not in sync for this npm and registry');
    } else {
      console.log(result.output);
      step('npm ci failed (output above)');
    }
    step(
      'installing with `npm install --no-save` instead (package-lock.json stays as it is; run `npm install` to update it)',
    );
    result = npm(['install', '--no-save'], env);
  }
  if (result.output) console.log(result.output);
  if (!result.ok) throw new SetupError('npm could not install the dependencies (output above)');
  if (!existsSync(join(root, 'node_modules/.bin/node'))) {
    throw new SetupError(
      'npm installed the dependencies but not the project\'s Node 24 (node_modules/.bin/node, from the npm package "node"). ' +
        'Is ignore-scripts set in your npm config? Check `npm config get ignore-scripts`, then run `npm ci` again.',
    );
  }
}

function installBenchDependencies() {
  step("installing the bench's npm dependencies (bench/package.json, npm ci)");
  const result = npm(['ci', '--prefix', 'bench'], { ...process.env, PATH: systemPath() });
  if (result.output) console.log(result.output);
  if (!result.ok) throw new SetupError("npm could not install the bench's dependencies (output above)");
}

function canSudoWithoutPassword() {
  if (!findExecutable('sudo')) return false;
  return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
}

/** How packages get installed here, and a function that installs them (or undefined: the person must). */
function packageInstaller() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasAptGet = Boolean(findExecutable('apt-get'));
  const plan = installPlan({
    isRoot,
    hasAptGet,
    hasPasswordlessSudo: !isRoot && hasAptGet && canSudoWithoutPassword(),
  });
  if (plan.mode === 'manual') return { hasAptGet, install: undefined };
  // Through sudo, `env` carries DEBIAN_FRONTEND past sudo's environment reset.
  const prefix = plan.prefix.length > 0 ? [...plan.prefix, 'env', 'DEBIAN_FRONTEND=noninteractive'] : [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) =>
    prefix.length > 0
      ? run(prefix[0], [...prefix.slice(1), 'apt-get', ...args], { env })
      : run('apt-get', args, { env });
  return {
    hasAptGet,
    install(packages, label) {
      step(`installing ${label}: ${packages.join(' ')} (${prefix.length > 0 ? 'sudo ' : ''}apt-get)`);
      aptGet(['update']);
      aptGet(['install', '-y', '--no-install-recommends', ...packages]);
    },
  };
}

function ensureSystemTools(tools, label) {
  const packages = missingPackages(tools);
  if (packages.length === 0) return false;
  const { hasAptGet, install } = packageInstaller();
  if (!install) throw new SetupError(manualInstallMessage(packages, hasAptGet));
  install(packages, label);
  const still = missingPackages(tools);
  if (still.length > 0)
    throw new SetupError(`apt-get finished but ${still.join(', ')} is still missing from PATH`);
  return true;
}

/**
 * Like ensureSystemTools, but a caption font that cannot be installed is a warning, not a stop.
 * 'installed', 'missing' (warned) or 'present'.
 */
function ensureCaptionFonts() {
  const packages = missingFontPackages(captionFonts);
  if (packages.length === 0) return 'present';
  const { hasAptGet, install } = packageInstaller();
  if (!install) {
    console.warn(`setup: ${fontsMessage(packages, hasAptGet)}`);
    return 'missing';
  }
  install(packages, 'the fonts captions need');
  const still = missingFontPackages(captionFonts);
  if (still.length === 0) return 'installed';
  console.warn(
    `setup: apt-get finished but ${still.join(', ')} ${still.length === 1 ? 'is' : 'are'} still missing`,
  );
  return 'missing';
}

/** The three web apps, remotes first (the order does not matter to the build, only to the log). */
export const frontendApps = ['tools', 'dashboard', 'shell'];

/**
 * True when an app's production build is missing or older than any frontend source: the remotes
 * import the shell's modules (types, page metadata, the API client), so any source of the three,
 * their configs or package.json files counts for every app.
 */
export function needsFrontendBuild(dir, app) {
  // A checkout without this app (or a trimmed one) has nothing to build.
  if (!existsSync(join(dir, 'frontends', app, 'package.json'))) return false;
  const built = join(dir, 'frontends', app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  const frontends = join(dir, 'frontends');
  const newestSource = Math.max(
    ...frontendApps.map((name) => newestMtime(join(frontends, name, 'src'), () => true)),
    ...frontendApps.flatMap((name) =>
      ['rspack.config.mjs', 'package.json'].map((file) =>
        newestMtime(join(frontends, name), (f) => f === file, false),
      ),
    ),
    newestMtime(frontends, (f) => f === 'rspack.shared.mjs', false),
  );
  return newestSource > builtAt;
}

function buildFrontend(app) {
  step(`building the ${app} web app (frontends/${app}/dist, production)`);
  // rspack's CLI on the project's Node 24, whatever node the system has.
  const rspack = realpathSync(join(root, 'node_modules/.bin/rspack'));
  run(join(root, 'node_modules/.bin/node'), [rspack, 'build', '--mode', 'production'], {
    cwd: join(root, 'frontends', app),
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/**
 * What to do about git's hooks folder in a checkout: point it at `.githooks` (the commit-message
 * check, scripts/commit-msg.mjs) unless the developer chose another folder themselves.
 */
export function commitHookAction({ isCheckout, hooksPath }) {
  if (!isCheckout) return 'none';
  if (hooksPath === '.githooks') return 'none';
  return hooksPath ? 'keep-own' : 'set';
}

function ensureCommitHook() {
  const git = (args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  const inside = git(['rev-parse', '--is-inside-work-tree']);
  const action = commitHookAction({
    isCheckout: !inside.error && inside.stdout.trim() === 'true' && existsSync(join(root, '.githooks')),
    hooksPath: git(['config', '--get', 'core.hooksPath']).stdout?.trim() ?? '',
  });
  if (action === 'keep-own') step('git uses your own hooks folder; .githooks/commit-msg is not installed');
  if (action !== 'set') return false;
  const set = git(['config', 'core.hooksPath', '.githooks']);
  if (set.status !== 0) return false; // a read-only checkout still runs; only commits go unchecked
  step('git checks commit messages from now on (core.hooksPath = .githooks)');
  return true;
}

function generateProto() {
  step('generating gRPC code (packages/proto/src/gen)');
  run(process.execPath, [join(root, 'scripts/gen-proto.mjs')]);
}

export function main() {
  const started = Date.now();
  let steps = 0;
  let fonts = 'present';
  try {
    const oldNode = bootstrapNodeProblem();
    if (oldNode) throw new SetupError(oldNode);
    if (needsInstall(root)) {
      installDependencies();
      steps++;
    }
    if (ensureSystemTools(systemTools, 'system tools')) steps++;
    fonts = ensureCaptionFonts();
    if (fonts === 'installed') steps++;
    if (
      process.env.MK_SETUP_BROWSER === '1' &&
      ensureSystemTools(browserTools, 'the browser for end-to-end tests')
    )
      steps++;
    if (
      process.env.MK_SETUP_BROWSER === '1' &&
      ensureSystemTools(deployTestTools, 'kubectl for the deployment tests')
    )
      steps++;
    if (
      process.env.MK_SETUP_BROWSER === '1' &&
      ensureSystemTools(mediaTestTools, 'the HEIF/AVIF/WebP tools of the tests and the bench')
    )
      steps++;
    if (
      process.env.MK_SETUP_BROWSER === '1' &&
      ensureSystemTools(audioTestTools, 'the audio encoders of the tests (SoX, LAME, FLAC, Vorbis, Opus)')
    )
      steps++;
    if (
      process.env.MK_SETUP_BROWSER === '1' &&
      ensureSystemTools(guideTestTools, "curl and jq for the developer guide's shell examples")
    )
      steps++;
    if (
      (process.env.MK_SETUP_BROWSER === '1' || process.env.MK_SETUP_CEPH === '1') &&
      ensureSystemTools(cephTools, 'Ceph, the S3 server of the tests (ceph-mon, ceph-osd, radosgw)')
    )
      steps++;
    if (process.env.MK_SETUP_BENCH === '1' && needsBenchInstall(root)) {
      installBenchDependencies();
      steps++;
    }
    if (ensureCommitHook()) steps++;
    if (needsProto(root)) {
      generateProto();
      steps++;
    }
    for (const app of frontendApps) {
      if (needsFrontendBuild(root, app)) {
        buildFrontend(app);
        steps++;
      }
    }
  } catch (error) {
    const message = error instanceof SetupError ? error.message : (error?.stack ?? String(error));
    console.error(`\nsetup failed: ${message}`);
    return 1;
  }
  if (steps === 0 && fonts === 'missing')
    step(`ready, without the caption fonts (${Date.now() - started} ms)`);
  else if (steps === 0) step(`everything is in place (${Date.now() - started} ms)`);
  else step(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main();
}
