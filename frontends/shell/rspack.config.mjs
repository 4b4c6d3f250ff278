import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.shared.mjs';
import { FaviconPlugin } from './favicon.mjs';

// The host. Remotes are not listed here: the shell registers them at runtime from
// /runtime-config.json (src/federation), so they deploy without a shell rebuild.
export default (_env, argv) => {
  const config = createConfig({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'shell',
    publicPath: '/',
    mode: argv?.mode,
  });
  // favicon.ico, favicon.svg and apple-touch-icon.png, linked from src/index.html.
  config.plugins.push(new FaviconPlugin());
  return config;
};
