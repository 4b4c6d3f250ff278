// `npm run dev` in frontends/<app>: rebuilds the app on every change (development mode) and serves
// it alone on its own port, passing the API, the OpenID provider and the other apps' files through
// to a running gateway (`npm start`). @rspack/dev-server is not a dependency of this repository, so
// this small server stands in for `rspack serve`.
//
//   GATEWAY_URL   where `npm start` runs (default http://127.0.0.1:8080)
//   PORT          default: shell 3000, tools 3001, dashboard 3002
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';

const dir = process.cwd();
const app = path.basename(dir);
const port = Number(process.env.PORT ?? { shell: 3000, tools: 3001, dashboard: 3002 }[app] ?? 3000);
const gateway = new URL(process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080');
// Its own output folder: the production build in dist/ (what the gateway serves) stays as it is.
const dist = path.join(dir, 'dist-dev');

const load = (await import(pathToFileURL(path.join(dir, 'rspack.config.mjs')).href)).default;
const config = typeof load === 'function' ? load({}, { mode: 'development' }) : load;
config.output.path = dist;
rspack(config).watch({ aggregateTimeout: 200 }, (error, stats) => {
  if (error) console.error(error);
  else console.log(stats?.toString({ preset: 'errors-warnings', colors: true }) || `${app}: rebuilt`);
});

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};
const passThrough = ['/api/', '/oidc/', '/remotes/', '/runtime-config.json', '/robots.txt', '/sitemap.xml'];

createServer((req, res) => {
  const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]);
  // In the shell, its own remotes are the gateway's unless this server is one of them.
  if (passThrough.some((prefix) => pathname.startsWith(prefix))) {
    const upstream = httpRequest(
      { host: gateway.hostname, port: gateway.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`The gateway at ${gateway.origin} does not answer: start it with \`npm start\`.`);
    });
    req.pipe(upstream);
    return;
  }
  let file = path.resolve(dist, `.${pathname}`);
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    if (path.extname(pathname)) {
      res.writeHead(404).end();
      return;
    }
    file = path.join(dist, 'index.html'); // the app's router owns page paths
  }
  res.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    // Lets the shell (another port) load this remote in development.
    'access-control-allow-origin': '*',
  });
  createReadStream(file).pipe(res);
}).listen(port, '127.0.0.1', () => {
  console.log(`${app}: http://127.0.0.1:${port}/ (API and sign-in through ${gateway.origin})`);
});
