import {
  connectGrpcClients,
  connectNats,
  ensureJobStreams,
  ensureWorkerConsumer,
  openJetStreamManager,
  openObjectStoreFromEnv,
  runService,
  serveHealth,
  type WorkerName,
} from '@mediakit/kit';
import { workerEnv } from './env.ts';
import { removeOrphanedJobDirs } from './temp-dirs.ts';
import type { ToolHandlers } from './types.ts';
import { WorkerLoop } from './worker.ts';

/** Boots a worker service: config, NATS consumer, object store, files client, health, shutdown. */
export function startWorker(options: {
  name: WorkerName;
  handlers: ToolHandlers;
  defaultHealthPort: number;
  defaultConcurrency: number;
}): Promise<void> {
  return runService({
    name: options.name,
    env: workerEnv(options.defaultHealthPort, options.defaultConcurrency),
    // Long enough for the loop to nak running jobs and for in-flight events to be published.
    shutdownGraceMs: 10_000,
    async start({ config, log, onShutdown }) {
      const nc = await connectNats(config.NATS_URL, options.name);
      onShutdown(() => nc.drain());
      const jsm = await openJetStreamManager(nc);
      await ensureJobStreams(jsm);
      await ensureWorkerConsumer(jsm, options.name, {
        ackWaitMs: config.ACK_WAIT_MS,
        maxDeliver: config.MAX_DELIVER,
      });

      const objects = await openObjectStoreFromEnv(config);
      const { files } = connectGrpcClients({
        addresses: { files: config.FILES_GRPC_ADDR },
        deadlineMs: config.GRPC_DEADLINE_MS,
        onShutdown,
      });

      const orphans = await removeOrphanedJobDirs(config.TMP_DIR);
      if (orphans.length) log.warn({ orphans }, 'removed temp dirs left by workers that died mid-job');

      const loop = new WorkerLoop(
        nc,
        { objects, files, log, tmpRoot: config.TMP_DIR },
        {
          name: options.name,
          handlers: options.handlers,
          concurrency: config.WORKER_CONCURRENCY,
          ackWaitMs: config.ACK_WAIT_MS,
          maxDeliver: config.MAX_DELIVER,
        },
      );
      await loop.start();
      onShutdown(() => loop.stop());

      await serveHealth({
        host: config.HOST,
        port: config.HEALTH_PORT,
        checks: { nats: () => nc.flush(), objects: () => objects.ping() },
        onShutdown,
      });
    },
  });
}
