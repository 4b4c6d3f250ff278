import { imageLimitsFromEnv, videoLimitsFromEnv } from '@mediakit/catalog';
import {
  addService,
  connectGrpcClients,
  connectNats,
  ensureEventsConsumer,
  ensureJobStreams,
  openDocumentStore,
  openJetStreamManager,
  PeriodicTask,
  reportQueueLag,
  runService,
  serveGrpc,
  serveHealth,
} from '@mediakit/kit';
import { jobsV1, webhooksV1 } from '@mediakit/proto';
import { consumeAccountDeletions } from './account-deletion.ts';
import { jobsEnv } from './env.ts';
import { JobEventConsumer } from './event-consumer.ts';
import { type JobsRpcs, jobsGrpcHandlers } from './grpc-handlers.ts';
import { JobBus } from './job-bus.ts';
import { JobRepository } from './job-repository.ts';
import { JobsService } from './jobs-service.ts';
import { listenForMaxDeliveries } from './max-deliveries.ts';
import type { WebhooksRpcs } from './webhooks/grpc-handlers.ts';
import { createWebhooks } from './webhooks/start-webhooks.ts';
import { warnOnMaxDeliverMismatch } from './worker-consumers.ts';

await runService({
  name: 'jobs',
  env: jobsEnv,
  async start({ config, log, onShutdown }) {
    // Shutdown steps run in reverse: stop taking requests, then stop background work, then close
    // the store and drain NATS (which flushes the last acks and updates).
    const nc = await connectNats(config.NATS_URL, 'jobs');
    onShutdown(() => nc.drain());
    const jsm = await openJetStreamManager(nc);
    await ensureJobStreams(jsm);
    await ensureEventsConsumer(jsm);
    await warnOnMaxDeliverMismatch(jsm, config.MAX_DELIVER, log);
    // The workers' queue lag on /metrics, read from JetStream at each scrape (KEDA scales on it).
    reportQueueLag(jsm);

    const store = await openDocumentStore({
      mongodbUrl: config.MONGODB_URL,
      dataDir: config.DATA_DIR,
      service: 'jobs',
    });
    onShutdown(() => store.close());
    const repository = new JobRepository(store);
    await repository.createIndexes();

    const { files } = connectGrpcClients({
      addresses: { files: config.FILES_GRPC_ADDR },
      deadlineMs: config.GRPC_DEADLINE_MS,
      onShutdown,
    });

    // Webhooks of finished jobs (webhooks/): endpoints, the delivery log, attempts off JetStream.
    const webhooks = await createWebhooks({ nc, jsm, store, jobs: repository, config, log });

    const service = new JobsService({
      repository,
      bus: new JobBus(nc, jsm),
      files,
      log,
      videoLimits: videoLimitsFromEnv(config),
      imageLimits: imageLimitsFromEnv(config),
      webhooks: webhooks.forJobs,
    });

    await webhooks.start();
    onShutdown(() => webhooks.stop());

    const events = new JobEventConsumer(nc, (event) => service.handleEvent(event), log);
    await events.start();
    onShutdown(() => events.stop());

    const advisories = listenForMaxDeliveries(
      nc,
      (worker, seq) => service.handleMaxDeliveries(worker, seq),
      log,
    );
    onShutdown(() => advisories.stop());

    // Retention: deleting is never late by more than the interval.
    const sweeper = new PeriodicTask({
      name: 'sweeping expired jobs',
      intervalMs: config.SWEEP_INTERVAL_SECONDS * 1000,
      runAtStart: false,
      log,
      run: async () => {
        const deleted = await service.sweepOnce(new Date());
        if (deleted > 0) log.info({ deleted }, 'deleted expired jobs');
        const deliveries = await webhooks.deliveries.sweepOnce(new Date());
        if (deliveries > 0) log.info({ deliveries }, 'deleted expired webhook deliveries');
      },
    });
    sweeper.start();
    onShutdown(() => sweeper.stop());

    // Held jobs (per-owner concurrency) are released from the documents at start and every few
    // seconds, so a restart or a lost release never strands them (releases normally happen the
    // moment a job finishes; this catches what a crash or an error interrupted).
    const releaser = new PeriodicTask({
      name: 'releasing held jobs',
      intervalMs: config.RELEASE_INTERVAL_SECONDS * 1000,
      log,
      run: () => service.releaseHeldJobs(),
    });
    releaser.start();
    onShutdown(() => releaser.stop());

    // A deleted account's jobs are canceled and deleted (account-deletion.ts).
    const accountDeletions = await consumeAccountDeletions(nc, service, log, webhooks);
    onShutdown(() => accountDeletions.stop());

    await serveGrpc({
      address: `${config.HOST}:${config.GRPC_PORT}`,
      log,
      onShutdown,
      register: (server) => {
        addService<JobsRpcs>(server, jobsV1.JobsServiceService, jobsGrpcHandlers(service), log);
        addService<WebhooksRpcs>(server, webhooksV1.WebhooksServiceService, webhooks.grpcHandlers, log);
      },
    });
    await serveHealth({
      host: config.HOST,
      port: config.HEALTH_PORT,
      checks: { documents: () => store.ping(), nats: () => nc.flush() },
      onShutdown,
    });
  },
});
