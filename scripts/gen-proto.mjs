// Generates packages/proto/src/gen from proto/ with npm-shipped tools only (@bufbuild/buf + ts-proto).
// Runs on any Node >= 18 because setup calls it before the project's own Node 24 is guaranteed.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
rmSync(join(root, 'packages/proto/src/gen'), { recursive: true, force: true });
execFileSync(join(root, 'node_modules/.bin/buf'), ['generate'], {
  cwd: join(root, 'proto'),
  stdio: 'inherit',
});
console.log('proto: generated packages/proto/src/gen');
