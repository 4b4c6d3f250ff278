// `npm test` after setup: knip (every workspace declares what it imports and imports what it
// declares; knip.jsonc), then vitest over the whole workspace (unit, contract and integration
// tests) on the project's own Node 24. Extra arguments go to vitest alone: `npm test -- services/files`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(root, 'node_modules/.bin');
const node = join(bin, 'node');
const vitest = join(bin, 'vitest');
const knip = join(bin, 'knip');
for (const needed of [node, vitest, knip]) {
  if (!existsSync(needed)) {
    console.error(`test: ${needed} is missing; run \`npm run setup\` first.`);
    process.exit(1);
  }
}

const args = process.argv.slice(2);
if (args.length === 0) {
  const unused = spawnSync(node, [realpathSync(knip)], { cwd: root, stdio: 'inherit' });
  if (unused.status !== 0) {
    console.error('test: knip found the problems above (see knip.jsonc); fix them before the tests run.');
    process.exit(unused.status ?? 1);
  }
}

// Run vitest's script with Node 24 explicitly (its shebang would pick whatever `node` is first on
// PATH), and put node_modules/.bin first so anything the tests spawn gets the same Node.
const child = spawn(node, [realpathSync(vitest), 'run', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` },
});

// Ctrl-C reaches vitest directly (same terminal process group); wait for it to finish.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (signal !== 'SIGINT') child.kill(signal);
  });
}
child.on('error', (error) => {
  console.error(`test: could not run vitest: ${error.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (constants.signals[signal] ?? 1));
});
