import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.shared.mjs';

// The dashboard remote: `./routes` is what the shell mounts under /dashboard/* (signed-in
// visitors only). publicPath 'auto': chunks load from wherever remoteEntry.js was served.
export default (_env, argv) =>
  createConfig({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'dashboard',
    exposes: { './routes': './src/routes.tsx' },
    title: 'Mediakit dashboard (development)',
    mode: argv?.mode,
  });
