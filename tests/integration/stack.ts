import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type StackOptions, startStack } from '@mediakit/devstack';
import { createLocalObjectStore, createS3ObjectStore, type S3ObjectStoreOptions } from '@mediakit/kit';

export type TestStack = Awaited<ReturnType<typeof startTestStack>>;

/**
 * The whole platform as a user gets it: a real nats-server, every service as its own process on
 * random ports, embedded stores in a temp dir (objects in an S3 bucket with `s3`). Workers write job temp dirs under `workerTmp`, so
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
    /** Every service on this S3 bucket, objects encrypted with `encryptionKey`, instead of DATA_DIR/objects. */
    s3?: S3ObjectStoreOptions & { encryptionKey: string };
    /** A 3-node NATS cluster with R3 streams instead of one server (nats-cluster.test.ts). */
    nats?: StackOptions['nats'];
    replicas?: StackOptions['replicas'];
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
    nats: options.nats,
    replicas: options.replicas,
    env: { LOG_LEVEL: 'info', ...(options.s3 ? s3Env(options.s3) : {}) },
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
  const { s3 } = options;
  // What an operator sees in the store the services use (encrypted bytes, the keys as they are).
  const objects = s3 ? await createS3ObjectStore(s3) : createLocalObjectStore(join(dataDir, 'objects'));
  return {
    ...stack,
    workerTmp,
    logs,
    objects,
    async teardown() {
      await stack.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function s3Env(s3: S3ObjectStoreOptions & { encryptionKey: string }): Record<string, string> {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY: s3.accessKey,
    S3_SECRET_KEY: s3.secretKey,
    S3_BUCKET: s3.bucket,
    OBJECT_ENCRYPTION_KEY: s3.encryptionKey,
  };
}
