import { fileURLToPath } from 'node:url';
import { createConfig } from '../rspack.shared.mjs';

// The tools remote: `./routes` is what the shell mounts under /tools, /tool/:name and
// /converter/:name. publicPath 'auto': chunks load from wherever remoteEntry.js was served.
export default (_env, argv) =>
  createConfig({
    dir: fileURLToPath(new URL('.', import.meta.url)),
    name: 'tools',
    exposes: { './routes': './src/routes.tsx' },
    title: 'Mediakit tools (development)',
    mode: argv?.mode,
  });
