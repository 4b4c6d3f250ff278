// The engines of `npm run start:production-like` (scripts/launch.ts --production-like): what the
// deploy/k8s prod overlay runs, on this machine. Objects in Ceph's RADOS Gateway through the S3
// adapter, encrypted with a key generated into the data dir; a 3-node NATS cluster with R3 streams;
// two transcoders and two imagers sharing their consumers. Documents stay embedded (no mongod here).
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type StackOptions, startCephRgw } from '../packages/devstack/src/index.ts';
import { GENERATED_KEY_FILE, loadObjectEncryptionKeys } from '../packages/kit/src/storage/encryption-keys.ts';

export interface ProductionLikeEngines {
  /** What startStack adds to npm start's options. */
  stackOptions: Pick<StackOptions, 'nats' | 'replicas' | 'env'>;
  /** Stops Ceph (after the stack). */
  stop(): Promise<void>;
}

/**
 * Starts over in `dataDir` on every run: Ceph's OSD keeps objects in RAM (memstore), so documents
 * left from an earlier run would point at bytes that are gone.
 */
export async function startProductionLikeEngines(
  dataDir: string,
  onLog: (source: string, line: string) => void,
): Promise<ProductionLikeEngines> {
  await rm(dataDir, { recursive: true, force: true });
  // The one key every S3-backed service must share (the kit generates it as for the local store).
  await loadObjectEncryptionKeys({}, { dataDir, requireConfigured: false });
  const key = (await readFile(join(dataDir, GENERATED_KEY_FILE), 'utf8')).trim();
  const s3 = await startCephRgw({ dir: join(dataDir, 'ceph'), onLog: (line) => onLog('ceph', line) });
  return {
    stackOptions: {
      nats: 'cluster',
      replicas: { transcoder: 2, imager: 2 },
      env: {
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        OBJECT_ENCRYPTION_KEY: key,
      },
    },
    stop: () => s3.stop(),
  };
}
