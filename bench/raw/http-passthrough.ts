/**
 * The raw reference for the Bytes part: a bare Node.js HTTP server on the same runtime with the
 * gateway's node flags, doing the least a server can do with the same bytes: `POST` reads the body
 * to the end and throws it away, `GET /?path=` streams that file back. Its RSS growth is the floor
 * the runtime itself sets (socket buffers are freed only when V8 collects them), which the
 * gateway and the files service are compared against.
 *
 * `node bench/raw/http-passthrough.ts` prints the port as one line, then serves until killed.
 */
import { createReadStream } from 'node:fs';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';

const server = createServer((req, res) => {
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => res.writeHead(201).end('{}'));
    return;
  }
  const path = new URL(req.url ?? '/', 'http://raw').searchParams.get('path');
  if (!path) {
    res.writeHead(400).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  pipeline(createReadStream(path), res).catch(() => res.destroy());
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') console.log(address.port);
});
