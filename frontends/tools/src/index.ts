// Only for serving this remote alone in development; the shell loads `./routes` directly. Left out
// of production builds: the standalone host would keep the shell's whole API client "in use", and
// so in the tools' chunks too, which need nothing of it but its base path.
if (process.env.NODE_ENV !== 'production') import('./standalone.tsx');

// Replaced at build time (rspack's DefinePlugin); the frontends have no Node.js types.
declare const process: { env: { NODE_ENV: string } };

export {};
