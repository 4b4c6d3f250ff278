import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack } from './stack.ts';
import { PortInUseError, ServiceStartError } from './stack-errors.ts';
import type { Stack } from './stack-options.ts';
import { isPortFree } from './stack-ports.ts';

const root = resolve(import.meta.dirname, '../../..');

const processGone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const readyz = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`)).status;

describe('startStack', () => {
  let dataDir: string;
  let stack: Stack | undefined;
  const logs: Array<[string, string]> = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'mk-stack-'));
  });

  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('starts nats-server and the chosen services on random ports, ready', async () => {
    stack = await startStack({
      root,
      dataDir,
      ports: 'random',
      services: ['auth', 'content'],
      restartOnCrash: true,
      onLog: (service, line) => logs.push([service, line]),
    });
    const pids = stack.pids();
    expect(Object.keys(pids).sort()).toEqual(['auth', 'content', 'nats']);
    expect(stack.natsUrl).toBe(`nats://127.0.0.1:${stack.ports.nats}`);
    expect(stack.ports.auth.GRPC_PORT).not.toBe(50051);
    expect(await readyz(stack.ports.auth.HTTP_PORT)).toBe(200);
    expect(await readyz(stack.ports.content.HEALTH_PORT)).toBe(200);
    // Services' pino JSON lines arrive through onLog, tagged with the service's name.
    for (const name of ['auth', 'content']) {
      const lines = logs
        .filter(([service]) => service === name)
        .map(([, line]) => JSON.parse(line) as { service?: string });
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.every((line) => line.service === name)).toBe(true);
    }
  });

  it('restarts a service that crashes', async () => {
    if (!stack) throw new Error('no stack');
    const before = stack.pids().content as number;
    stack.kill('content', 'SIGKILL');
    await until(() => processGone(before), 5000, 'the old content process to die');
    await stack.waitReady('content', 30_000);
    const after = stack.pids().content;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await readyz(stack.ports.content.HEALTH_PORT)).toBe(200);
    expect(
      logs.some(
        ([service, line]) => service === 'content' && /killed by SIGKILL; restarting it in 1 s/.test(line),
      ),
    ).toBe(true);
  });

  it('restarts a service on request', async () => {
    if (!stack) throw new Error('no stack');
    const before = stack.pids().auth as number;
    await stack.restart('auth');
    expect(processGone(before)).toBe(true);
    expect(stack.pids().auth).not.toBe(before);
    expect(await readyz(stack.ports.auth.HTTP_PORT)).toBe(200);
  });

  it('stops every process', async () => {
    if (!stack) throw new Error('no stack');
    const pids = Object.values(stack.pids());
    expect(pids).toHaveLength(3);
    await stack.stop();
    for (const pid of pids) expect(processGone(pid)).toBe(true);
    expect(stack.pids()).toEqual({});
    expect(await isPortFree(stack.ports.content.HEALTH_PORT)).toBe(true);
    expect(await isPortFree(stack.ports.nats)).toBe(true);
    // Graceful: every service left on SIGTERM, none had to be killed.
    expect(logs.some(([, line]) => line.includes('did not stop within'))).toBe(false);
    stack = undefined;
  });
});

describe('startStack failures', () => {
  it('names a busy port and starts nothing', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const port = (blocker.address() as { port: number }).port;
    const dataDir = await mkdtemp(join(tmpdir(), 'mk-stack-'));
    try {
      const error = await startStack({
        root,
        dataDir,
        ports: 'random',
        portOverrides: { content: { HEALTH_PORT: port } },
        services: ['content'],
        restartOnCrash: false,
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PortInUseError);
      expect((error as PortInUseError).message).toBe(`port ${port} (content HEALTH_PORT) is already in use`);
      expect((error as PortInUseError).busy).toEqual([{ service: 'content', variable: 'HEALTH_PORT', port }]);
    } finally {
      blocker.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('reports a service that exits before it is ready, with its last log lines, and cleans up', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mk-stack-'));
    let natsPid: number | undefined;
    try {
      const error = await startStack({
        root,
        dataDir,
        ports: 'random',
        services: ['auth'],
        serviceEnv: { auth: { PLAN_FREE_BATCH_SIZE: 'lots' } },
        restartOnCrash: true,
        onLog: (service, line) => {
          if (service === 'nats') natsPid ??= Number(/\[(\d+)\]/.exec(line)?.[1]) || undefined;
        },
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceStartError);
      const message = (error as Error).message;
      expect(message).toMatch(/^auth exited with code 1 before it was ready\./);
      expect(message).toContain('PLAN_FREE_BATCH_SIZE');
      if (natsPid) await until(() => processGone(natsPid as number), 5000, 'nats-server to stop');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
