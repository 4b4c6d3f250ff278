import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.shared.mjs';

// The host. Remotes are not listed here: the shell registers them at runtime from
// /runtime-config.json (src/federation), so they deploy without a shell rebuild.
export default (_env, argv) =>
  createConfig({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'shell',
    publicPath: '/',
    mode: argv?.mode,
  });
