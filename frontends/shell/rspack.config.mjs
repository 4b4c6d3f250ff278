import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createConfig } from '../rspack.shared.mjs';

// The host. Remotes are not listed here: the shell registers them at runtime from
// /runtime-config.json (src/federation), so they deploy without a shell rebuild.
export default (_env, argv) => {
  const config = createConfig({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'shell',
    publicPath: '/',
    mode: argv?.mode,
  });
  // The icons browsers ask for by name (favicon.ico, favicon.svg, apple-touch-icon.png), as they are.
  config.plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/public' }] }));
  return config;
};
