import { createSocket, type Socket as UdpSocket } from 'node:dgram';
import { mkdtemp, stat, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleImage, sampleVideo } from './samples.ts';

/**
 * A listener on one port number for both TCP and UDP: every URL the corpus plants (http, https,
 * rtmp, tcp, rtp, udp...) points here, so any connection a worker or a probe makes is counted.
 */
export interface NetworkWatch {
  port: number;
  tcpConnections: number;
  udpPackets: number;
  close(): Promise<void>;
}

export async function watchNetwork(): Promise<NetworkWatch> {
  const sockets = new Set<Socket>();
  const watch = { port: 0, tcpConnections: 0, udpPackets: 0 } as NetworkWatch;
  const tcp: Server = createServer((socket) => {
    watch.tcpConnections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.end('HTTP/1.0 404 Not Found\r\n\r\n');
  });
  await new Promise<void>((done) => tcp.listen(0, '127.0.0.1', done));
  watch.port = (tcp.address() as { port: number }).port;
  const udp: UdpSocket = createSocket('udp4');
  udp.on('message', () => watch.udpPackets++);
  await new Promise<void>((done, fail) => {
    udp.once('error', fail);
    udp.bind(watch.port, '127.0.0.1', () => done());
  });
  watch.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => tcp.close(done));
    await new Promise<void>((done) => udp.close(() => done()));
  };
  return watch;
}

/**
 * Files outside every job's temp dir that hostile inputs point at. Each holds a marker that must
 * never show up in an output, and each has its access time set far in the past (before its
 * modification time), so the first read by anyone moves it (relatime updates atime when it is
 * older than mtime): `unread()` tells whether any process opened and read them.
 */
export interface Canary {
  dir: string;
  marker: string;
  /** A text file: the marker itself. */
  text: string;
  /** A valid MPEG-TS clip, as an HLS segment or concat entry would name it. */
  video: string;
  /** A valid PNG. */
  image: string;
  /** Paths whose atime moved. */
  readPaths(): Promise<string[]>;
}

const LONG_AGO = new Date('2001-01-01T00:00:00Z');

export async function plantCanary(): Promise<Canary> {
  const dir = await mkdtemp(join(tmpdir(), 'mk-canary-'));
  const marker = `MK-CANARY-${Math.random().toString(36).slice(2)}-SECRET`;
  const text = join(dir, 'secret.txt');
  const video = join(dir, 'secret.ts');
  const image = join(dir, 'secret.png');
  await writeFile(text, `${marker}\n`);
  await writeFile(video, Buffer.concat([await sampleVideo('ts', { colour: 'red' }), Buffer.from(marker)]));
  await writeFile(image, Buffer.concat([await sampleImage('png'), Buffer.from(marker)]));
  const paths = [text, video, image];
  const now = new Date();
  for (const path of paths) await utimes(path, LONG_AGO, now);
  return {
    dir,
    marker,
    text,
    video,
    image,
    async readPaths() {
      const read: string[] = [];
      for (const path of paths) if ((await stat(path)).atimeMs > LONG_AGO.getTime() + 1000) read.push(path);
      return read;
    },
  };
}
