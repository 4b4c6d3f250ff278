import { addService, notFound, runService, serveGrpc, serveHealth } from '@mediakit/kit';
import { contentV1 } from '@mediakit/proto';
import { contentEnv } from './env.ts';

// Minimal content service: no articles yet. The blog, contact messages and tickets come later.
await runService({
  name: 'content',
  env: contentEnv,
  async start({ config, log, onShutdown }) {
    await serveGrpc({
      address: `${config.HOST}:${config.GRPC_PORT}`,
      log,
      onShutdown,
      register: (server) =>
        addService<contentV1.ContentServiceServer>(
          server,
          contentV1.ContentServiceService,
          {
            async listArticles() {
              return { items: [], nextCursor: '' };
            },
            async getArticle() {
              throw notFound('Article');
            },
          },
          log,
        ),
    });
    await serveHealth({ host: config.HOST, port: config.HEALTH_PORT, checks: {}, onShutdown });
  },
});
