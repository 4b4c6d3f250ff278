import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { freePort } from './free-port.ts';
import { findExecutable } from './which.ts';

export interface NatsServerHandle {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The nats-server binary: `NATS_SERVER_BIN`, else PATH (and /usr/sbin, where Debian puts it). */
export function natsServerBinary(): string | undefined {
  return process.env.NATS_SERVER_BIN || findExecutable('nats-server');
}

/**
 * Starts a real nats-server (Debian package `nats-server`) with JetStream, storing under
 * `storeDir`, on loopback only. Resolves once it accepts connections.
 * `detached` puts it in its own process group, so a Ctrl-C in the terminal reaches only the
 * launcher, which then stops the services before NATS.
 */
export async function startNatsServer(options: {
  storeDir: string;
  port?: number;
  binary?: string;
  onLog?: (line: string) => void;
  detached?: boolean;
  stopTimeoutMs?: number;
  /** More command-line flags, e.g. a cluster's (nats-cluster.ts). */
  extraArgs?: readonly string[];
}): Promise<NatsServerHandle> {
  const binary = options.binary ?? natsServerBinary();
  if (!binary) {
    throw new Error(
      'nats-server is not installed. Run `npm run setup`, or: sudo apt-get install -y nats-server',
    );
  }
  await mkdir(options.storeDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const args = [
    '-js',
    '-sd',
    options.storeDir,
    '-a',
    '127.0.0.1',
    '-p',
    String(port),
    ...(options.extraArgs ?? []),
  ];
  const child = spawn(binary, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  const forward = (data: Buffer) => {
    for (const line of data.toString().split('\n')) if (line.trim()) options.onLog?.(line);
  };
  child.stdout?.on('data', forward);
  child.stderr?.on('data', forward);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let spawnError: Error | undefined;
  child.once('error', (error) => {
    spawnError = error;
  });
  try {
    await waitForPort(port, 10_000, child, () => spawnError);
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null && !spawnError) child.kill('SIGKILL');
    throw spawnError ? new Error(`could not start ${binary}: ${spawnError.message}`) : error;
  }
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, options.stopTimeoutMs ?? 3000))]);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

export async function waitForPort(
  port: number,
  timeoutMs: number,
  child?: ChildProcess,
  failed?: () => Error | undefined,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const error = failed?.();
    if (error) throw error;
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`process exited before listening on ${port}`);
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listened on port ${port} within ${timeoutMs} ms`);
}
