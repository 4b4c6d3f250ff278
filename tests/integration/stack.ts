import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type StackOptions, startStack } from '@mediakit/devstack';

export type TestStack = Awaited<ReturnType<typeof startTestStack>>;

/**
 * The whole platform as a user gets it: a real nats-server, every service as its own process on
 * random ports, embedded stores in a temp dir. Workers write job temp dirs under `workerTmp`, so
 * tests can check nothing is left behind. `serviceEnv` adds settings per service (limits, ack wait).
 */
export async function startTestStack(
  options: {
    serviceEnv?: StackOptions['serviceEnv'];
    /** Fixed ports, e.g. a gateway port chosen first so PUBLIC_URL can name it (oidc.test.ts). */
    portOverrides?: StackOptions['portOverrides'];
    /** The launcher's crash restarts (off by default: a test usually wants a crash to stay visible). */
    restartOnCrash?: boolean;
    restartBackoff?: StackOptions['restartBackoff'];
  } = {},
) {
  const root = resolve(import.meta.dirname, '../..');
  const dataDir = await mkdtemp(join(tmpdir(), 'mk-it-'));
  const workerTmp = join(dataDir, 'worker-tmp');
  await mkdir(workerTmp);
  const logs: string[] = [];
  const stack = await startStack({
    root,
    dataDir,
    ports: 'random',
    portOverrides: options.portOverrides,
    restartOnCrash: options.restartOnCrash ?? false,
    restartBackoff: options.restartBackoff,
    env: { LOG_LEVEL: 'info' },
    serviceEnv: {
      ...options.serviceEnv,
      // Test stacks stay on this machine; without PUBLIC_URL the gateway would listen on every
      // interface (a test that needs that sets HOST itself).
      gateway: { HOST: '127.0.0.1', ...options.serviceEnv?.gateway },
      transcoder: { ...options.serviceEnv?.transcoder, TMP_DIR: workerTmp },
      imager: { ...options.serviceEnv?.imager, TMP_DIR: workerTmp },
    },
    onLog: (service: string, line: string) => {
      logs.push(`${service} ${line}`);
      if (logs.length > 2000) logs.shift();
    },
  });
  return {
    ...stack,
    workerTmp,
    logs,
    async teardown() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
