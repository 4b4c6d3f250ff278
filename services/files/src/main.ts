import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addService,
  connectNats,
  openDocumentStore,
  openObjectStoreFromEnv,
  runService,
  serveGrpc,
} from '@mediakit/kit';
import { explainUnreadableAv, inspectFile } from '@mediakit/media';
import { createOutboundClient, outboundOptionsFromEnv } from '@mediakit/outbound';
import { filesV1 } from '@mediakit/proto';
import { FileStore } from '@tus/file-store';
import { consumeAccountDeletions, DeletedOwners } from './account-deletion.ts';
import { env } from './env.ts';
import type { FileDoc } from './file-record.ts';
import { FileRepository } from './file-repository.ts';
import { FilesService } from './files-service.ts';
import { filesGrpcHandlers } from './grpc-handlers.ts';
import { buildHttpApp } from './http/app.ts';
import { RetentionSweeper } from './retention-sweeper.ts';

/** Unfinished tus uploads nobody resumed for this long are deleted by the sweeper. */
const ABANDONED_UPLOAD_MS = 24 * 3_600_000;

await runService({
  name: 'files',
  env,
  async start({ config, log, onShutdown }) {
    const documents = await openDocumentStore({
      mongodbUrl: config.MONGODB_URL,
      dataDir: config.DATA_DIR,
      service: 'files',
    });
    onShutdown(() => documents.close());
    const objects = await openObjectStoreFromEnv(config);

    const files = new FileRepository(documents.collection<FileDoc>('files'));
    await files.ensureIndexes();
    const deletedOwners = new DeletedOwners(documents);
    const service = new FilesService({
      files,
      objects,
      inspect: (path) => inspectFile(path),
      explainUnreadable: (path, name) => explainUnreadableAv(path, name),
      log,
      isDeletedOwner: (ownerId) => deletedOwners.has(ownerId),
    });

    const grpcPort = await serveGrpc({
      address: `${config.HOST}:${config.GRPC_PORT}`,
      log,
      onShutdown,
      register: (server) => addService(server, filesV1.FilesServiceService, filesGrpcHandlers(service), log),
    });

    // Multipart parts live only for one request, so any temp dir does. Staged tus uploads must
    // survive a restart to be resumable, so by default they live with the service's data.
    const spoolDir = config.UPLOAD_TMP_DIR ?? tmpdir();
    const stagingDir = join(config.UPLOAD_TMP_DIR ?? config.DATA_DIR, 'tus');
    await mkdir(spoolDir, { recursive: true });
    await mkdir(stagingDir, { recursive: true });
    const staging = new FileStore({
      directory: stagingDir,
      expirationPeriodInMilliseconds: ABANDONED_UPLOAD_MS,
    });

    const outbound = createOutboundClient(outboundOptionsFromEnv(config));
    onShutdown(() => outbound.close());
    const app = await buildHttpApp({
      service,
      checks: { documents: () => documents.ping(), objects: () => objects.ping() },
      limits: { maxUploadBytes: config.MAX_UPLOAD_BYTES, guestRetentionHours: config.GUEST_RETENTION_HOURS },
      spoolDir,
      staging,
      uploadIdleTimeoutMs: config.UPLOAD_IDLE_TIMEOUT_SECONDS * 1000,
      imports: { outbound, timeoutSeconds: config.IMPORT_TIMEOUT_SECONDS },
      log,
    });
    await app.listen({ host: config.HOST, port: config.HTTP_PORT });
    onShutdown(() => app.close());

    const sweeper = new RetentionSweeper({
      service,
      log,
      intervalMs: config.SWEEP_INTERVAL_SECONDS * 1000,
      alsoRun: () => staging.deleteExpired(),
    });
    sweeper.start();
    onShutdown(() => sweeper.stop());

    // A deleted account's files go too (account-deletion.ts).
    const nats = await connectNats(config.NATS_URL, 'files');
    onShutdown(() => nats.drain());
    const accountDeletions = await consumeAccountDeletions(nats, { service, deletedOwners }, log);
    onShutdown(() => accountDeletions.stop());

    log.info({ grpcPort, httpPort: config.HTTP_PORT }, 'files service listening');
  },
});
