import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, type ServiceName, type Stack, type StackOptions, startStack } from '@mediakit/devstack';

export const repoRoot = resolve(import.meta.dirname, '../..');

export type BenchStack = Stack & { url: string; logs: string[]; teardown(): Promise<void> };

/**
 * The platform as `npm start` runs it (real nats-server, every service its own process, embedded
 * stores in a temp dir), on a gateway port chosen first so PUBLIC_URL (token issuer, canonical
 * links) names the address the clients use. Limits that exist to stop one abusive caller are
 * raised, because the bench is one caller doing a lot on purpose:
 * - the gateway's rate limits (600 requests / 120 writes a minute per caller by default);
 * - the free plan's concurrentJobs (2 by default), so a batch of jobs measures the pipeline and
 *   not the fair-queueing hold (which releases one job per finished job).
 * Everything else is the default configuration.
 */
export async function startBenchStack(
  options: { services?: readonly ServiceName[]; serviceEnv?: StackOptions['serviceEnv'] } = {},
): Promise<BenchStack> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'mk-bench-'));
  const logs: string[] = [];
  const extra = options.serviceEnv ?? {};
  try {
    const stack = await startStack({
      root: repoRoot,
      dataDir,
      ports: 'random',
      portOverrides: { gateway: { PORT: port } },
      restartOnCrash: false,
      services: options.services,
      env: { LOG_LEVEL: 'info' },
      serviceEnv: {
        ...extra,
        auth: { PUBLIC_URL: url, PLAN_FREE_CONCURRENT_JOBS: '1000', ...extra.auth },
        gateway: {
          PUBLIC_URL: url,
          RATE_LIMIT_PER_MINUTE: '100000000',
          RATE_LIMIT_WRITES_PER_MINUTE: '100000000',
          RATE_LIMIT_AUTH_PER_MINUTE: '100000',
          ...extra.gateway,
        },
      },
      onLog: (service, line) => {
        logs.push(`${service} ${line}`);
        if (logs.length > 3000) logs.shift();
      },
    });
    return {
      ...stack,
      url,
      logs,
      async teardown() {
        await stack.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
