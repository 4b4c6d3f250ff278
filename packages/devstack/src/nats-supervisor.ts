import { join } from 'node:path';
import { type NatsCluster, startNatsCluster } from './nats-cluster.ts';
import { type NatsServerHandle, startNatsServer } from './nats-server.ts';

/**
 * The NATS of a dev stack (stack.ts): one nats-server under `<dataDir>/nats`, restarted after a
 * crash with the stack's backoff, or the 3-node cluster under `<dataDir>/nats-cluster`, not
 * restarted (it carries on with two; a test kills and starts its servers itself).
 */
export interface StackNats {
  /** NATS_URL for the services: every server's URL on a cluster, comma-separated. */
  url: string;
  cluster: NatsCluster | undefined;
  /** The single server's process id while it runs. */
  pid(): number | undefined;
  /** A signal to the single server, as a crash would. */
  kill(signal: NodeJS.Signals): void;
  /** SIGKILL to every server at once (the stack's exit hook: synchronous). */
  killNow(): void;
  stop(): Promise<void>;
}

export async function startStackNats(options: {
  mode: 'server' | 'cluster';
  dataDir: string;
  /** The single server's port. */
  port: number;
  stopTimeoutMs: number;
  restartOnCrash: boolean;
  backoff: { firstMs: number; maxMs: number; stableAfterMs: number };
  log: (source: string, line: string) => void;
  /** True once the stack stops: a server exiting then is no crash. */
  stopping: () => boolean;
}): Promise<StackNats> {
  const { log, backoff } = options;
  if (options.mode === 'cluster') {
    const cluster = await startNatsCluster({
      dir: join(options.dataDir, 'nats-cluster'),
      detached: true,
      stopTimeoutMs: options.stopTimeoutMs,
      onLog: log,
    });
    return {
      url: cluster.urls.join(','),
      cluster,
      pid: () => undefined,
      kill() {
        throw new Error('the stack runs a NATS cluster: kill one of stack.natsCluster.servers');
      },
      killNow: () => {
        for (const server of cluster.servers) server.kill('SIGKILL');
      },
      stop: () => cluster.stop(),
    };
  }

  let server: NatsServerHandle | undefined;
  let backoffMs = backoff.firstMs;
  let startedAt = 0;
  let restartTimer: NodeJS.Timeout | undefined;
  const running = () => !!server && server.process.exitCode === null && server.process.signalCode === null;

  async function start() {
    const handle = await startNatsServer({
      storeDir: join(options.dataDir, 'nats'),
      port: options.port,
      detached: true,
      stopTimeoutMs: options.stopTimeoutMs,
      onLog: (line) => log('nats', line),
    });
    server = handle;
    startedAt = Date.now();
    handle.process.once('exit', (code, signal) => {
      if (options.stopping() || server !== handle) return;
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      if (Date.now() - startedAt >= backoff.stableAfterMs) backoffMs = backoff.firstMs;
      scheduleRestart(how);
    });
  }

  function scheduleRestart(how: string) {
    if (!options.restartOnCrash) {
      log('nats', `[devstack] nats-server ${how}; not restarting it`);
      return;
    }
    const delay = backoffMs;
    backoffMs = Math.min(backoffMs * 2, backoff.maxMs);
    log('nats', `[devstack] nats-server ${how}; restarting it in ${delay / 1000} s`);
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (options.stopping()) return;
      start().then(
        () => log('nats', '[devstack] nats-server is ready again'),
        (error: Error) => {
          if (!options.stopping()) scheduleRestart(`did not start again (${error.message})`);
        },
      );
    }, delay);
  }

  await start();
  return {
    url: `nats://127.0.0.1:${options.port}`,
    cluster: undefined,
    pid: () => (running() ? server?.process.pid : undefined),
    kill: (signal) => server?.process.kill(signal),
    killNow: () => {
      if (running()) server?.process.kill('SIGKILL');
    },
    async stop() {
      if (restartTimer) clearTimeout(restartTimer);
      await server?.stop();
    },
  };
}
