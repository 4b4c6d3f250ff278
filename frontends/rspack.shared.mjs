// One rspack configuration for the three frontends: the shell (Module Federation host) and the two
// remotes (tools, dashboard). TypeScript and JSX go through rspack's builtin SWC loader (no Babel);
// CSS through rspack's native CSS support. Every emitted name carries a content hash except the
// federation entry points (remoteEntry.js, mf-manifest.json) and index.html, which the gateway
// serves with `no-cache` so a redeploy shows at once.

import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';

const require = createRequire(import.meta.url);
const versionOf = (name) => require(`${name}/package.json`).version;

/**
 * Shared as singletons: one React, one router, one query client context across host and remotes.
 * A second copy of any of these breaks hooks or context silently. The router and the query layer
 * are shared through `@mediakit/web-shared`'s narrow re-exports, not as whole packages: a shared
 * module cannot be tree-shaken, and all of react-router was a quarter of a first load.
 * react-toastify is not shared: the shell loads it with the first toast, and remotes notify
 * through the shell.
 */
const SHARED = {
  react: 'react',
  'react-dom': 'react-dom',
  '@mediakit/web-shared/router': '@mediakit/web-shared',
  '@mediakit/web-shared/query': '@mediakit/web-shared',
};

export const sharedSingletons = () =>
  Object.fromEntries(
    Object.entries(SHARED).map(([name, pkg]) => [
      name,
      { singleton: true, version: versionOf(pkg), requiredVersion: `^${versionOf(pkg)}` },
    ]),
  );

/**
 * The page of a remote served alone in development (`npm run dev`); both remotes use it. The
 * shell's page is its own (src/index.html): the gateway fills its head.
 */
const REMOTE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Text assets worth compressing; smaller files gain nothing from it. */
const COMPRESSIBLE = /\.(js|css|html|json|svg|txt)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes `<asset>.br` (brotli, best) and `<asset>.gz` (gzip -9) beside every text asset of a
 * production build, once, at build time. The gateway (@fastify/static `preCompressed`) and the
 * frontends' nginx (`gzip_static`) send them to browsers that accept them, so serving costs no
 * compression work and first loads move a third of the bytes.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (compilation) => {
      const outputPath = compilation.outputOptions.path;
      const names = Object.keys(compilation.assets).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outputPath, name);
          const bytes = await readFile(file);
          if (bytes.length < MIN_COMPRESS_BYTES) return;
          const [br, gz] = await Promise.all([
            promisify(brotliCompress)(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            promisify(gzip)(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    });
  }
}

/**
 * Preloads, from the shell's index.html, the chunks its entry loads on every page: the app
 * (bootstrap.tsx) and the shared singletons the shell provides (React, react-dom, the router, the
 * query layer). Module Federation's async boundary puts them behind main.js, so the browser asked
 * for them only once main.js had arrived and run, a round trip added to every page's largest
 * paint on a slow connection. main.js itself is fetched with high priority (a deferred script is
 * otherwise low, behind the preloads). Named chunks belong to one route (the home page's, which
 * index.ts starts on `/` only) and are left out.
 */
class PreloadEntryChunksPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadEntryChunksPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'PreloadEntryChunksPlugin',
        async (data) => {
          const files = new Set();
          for (const entry of compilation.entrypoints.values())
            for (const group of entry.childrenIterable)
              if (!group.name) for (const file of group.getFiles()) if (file.endsWith('.js')) files.add(file);
          const { scripts } = data.assetTags;
          data.assetTags.scripts = [
            ...scripts.map((tag) => ({ ...tag, attributes: { ...tag.attributes, fetchpriority: 'high' } })),
            ...[...files].map((file) => ({
              tagName: 'link',
              attributes: { rel: 'preload', href: `${data.publicPath}${file}`, as: 'script' },
              voidTag: true,
            })),
          ];
          return data;
        },
      );
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir the frontend's folder
 * @param {string} options.name federation name (shell, tools, dashboard)
 * @param {Record<string,string>} [options.exposes] remotes only
 * @param {string} [options.publicPath] '/' for the shell, 'auto' for remotes (they live wherever
 *   the runtime config points)
 * @param {string} [options.title] the development page's title (the shell has none: the gateway
 *   writes each page's title into the head)
 * @param {'production'|'development'} [options.mode]
 */
export function createConfig({ dir, name, exposes, publicPath = 'auto', title, mode }) {
  const production = (mode ?? process.env.NODE_ENV) !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      assetModuleFilename: '[name].[contenthash:10][ext]',
      // A unique global name per app, so host and remotes' chunk loading never collide.
      uniqueName: `mediakit_${name}`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // Sources import siblings with their `.ts` suffix (as the back end does); that resolves as is.
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name,
        ...(exposes ? { filename: 'remoteEntry.js', exposes } : {}),
        shared: sharedSingletons(),
        manifest: true,
        // Types are checked by `npm run typecheck`; generating federated .d.ts zips would spawn tsc.
        dts: false,
        // One copy of the federation runtime per page: the shell provides its runtime core to the
        // remotes, whose remoteEntry.js otherwise carried a second copy (about 20 KB gzip of a tool
        // page's first load). Production only: a remote served alone in development has no shell.
        // `target: 'web'` leaves the runtime's Node.js loading code out of the browser bundles.
        ...(production
          ? {
              experiments: {
                ...(exposes ? { externalRuntime: true } : { provideExternalRuntime: true }),
                optimization: { target: 'web' },
              },
            }
          : {}),
      }),
      new rspack.HtmlRspackPlugin({
        ...(exposes ? { templateContent: REMOTE_PAGE } : { template: path.join(dir, 'src/index.html') }),
        ...(title ? { title } : {}),
        minify: false,
      }),
      ...(exposes ? [] : [new PreloadEntryChunksPlugin()]),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
      }),
      ...(production ? [new PrecompressPlugin()] : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
