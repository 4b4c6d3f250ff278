import {
  addService,
  GrpcServer,
  listenGrpc,
  notFound,
  runService,
  startHealthServer,
  stopGrpc,
} from '@mediakit/kit';
import { contentV1 } from '@mediakit/proto';
import { contentEnv } from './env.ts';

// Minimal content service: no articles yet. The blog, contact messages and tickets come later.
await runService({
  name: 'content',
  env: contentEnv,
  async start({ config, log, onShutdown }) {
    const server = new GrpcServer();
    // Pick drops grpc-js's index signature, which would otherwise make every handler `never`.
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
    );
    const grpcPort = await listenGrpc(server, `${config.HOST}:${config.GRPC_PORT}`);
    onShutdown(() => stopGrpc(server));
    log.info({ port: grpcPort }, 'gRPC listening');

    const health = await startHealthServer({ host: config.HOST, port: config.HEALTH_PORT, checks: {} });
    onShutdown(() => new Promise((resolve) => health.close(resolve)));
  },
});
