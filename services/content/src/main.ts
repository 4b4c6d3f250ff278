import {
  addService,
  connectGrpcClients,
  connectNats,
  consumeAccountDeleted,
  openDocumentStore,
  openMailSender,
  openObjectStoreFromEnv,
  runService,
  serveGrpc,
  serveHealth,
} from '@mediakit/kit';
import { contentV1 } from '@mediakit/proto';
import type { ArticleDoc } from './articles/article.ts';
import { ArticleRepository, type SeedStateDoc } from './articles/article-repository.ts';
import { ArticleService } from './articles/article-service.ts';
import { CoverStore } from './articles/cover-store.ts';
import { seedArticles } from './articles/seed.ts';
import { contentEnv } from './env.ts';
import { type ContentRpcs, contentGrpcHandlers } from './grpc-handlers.ts';
import type { TicketDoc } from './tickets/ticket.ts';
import { TicketRepository } from './tickets/ticket-repository.ts';
import { TicketService } from './tickets/ticket-service.ts';
import { authUserDirectory } from './user-directory.ts';

await runService({
  name: 'content',
  env: contentEnv,
  async start({ config, log, onShutdown }) {
    // Shutdown steps run in reverse: stop taking requests, stop consuming events, close the store, drain NATS.
    const nc = await connectNats(config.NATS_URL, 'content');
    onShutdown(() => nc.drain());
    const store = await openDocumentStore({
      mongodbUrl: config.MONGODB_URL,
      dataDir: config.DATA_DIR,
      service: 'content',
    });
    onShutdown(() => store.close());
    const objects = await openObjectStoreFromEnv(config);

    const { files, auth } = connectGrpcClients({
      addresses: { files: config.FILES_GRPC_ADDR, auth: config.AUTH_GRPC_ADDR },
      deadlineMs: config.GRPC_DEADLINE_MS,
      onShutdown,
    });

    const articleRepository = new ArticleRepository({
      articles: store.collection<ArticleDoc>('articles'),
      seedState: store.collection<SeedStateDoc>('seed_state'),
    });
    await articleRepository.ensureIndexes();
    if (config.SEED_ARTICLES) await seedArticles({ articles: articleRepository, log });
    const ticketRepository = new TicketRepository(store.collection<TicketDoc>('tickets'));
    await ticketRepository.ensureIndexes();

    const mail = openMailSender(config, log);
    const articles = new ArticleService({
      articles: articleRepository,
      covers: new CoverStore({ files, objects }),
      log,
    });
    const tickets = new TicketService({
      tickets: ticketRepository,
      mail,
      users: authUserDirectory(auth),
      log,
    });

    // A deleted account's tickets go with it (the auth service announces the deletion).
    const deletions = await consumeAccountDeleted(
      nc,
      'content',
      async ({ userId }) => void (await tickets.deleteOwner(userId)),
      log,
    );
    onShutdown(() => deletions.stop());

    const grpcPort = await serveGrpc({
      address: `${config.HOST}:${config.GRPC_PORT}`,
      log,
      onShutdown,
      register: (server) =>
        addService<ContentRpcs>(
          server,
          contentV1.ContentServiceService,
          contentGrpcHandlers({ articles, tickets }),
          log,
        ),
    });
    await serveHealth({
      host: config.HOST,
      port: config.HEALTH_PORT,
      checks: { documents: () => store.ping(), objects: () => objects.ping() },
      onShutdown,
    });
    log.info({ grpcPort, mail: mail.kind }, 'content service listening');
  },
});
