import { commonEnv, documentStoreEnv, grpcAddressEnv, mailEnv, objectStoreEnv, port } from '@mediakit/kit';
import { Type } from 'typebox';

export const contentEnv = Type.Object({
  ...commonEnv,
  ...documentStoreEnv,
  // Cover images are copied into the object store, next to every other file's bytes.
  ...objectStoreEnv,
  ...mailEnv,
  // Files (cover images) and auth (the email a staff reply is announced to).
  AUTH_GRPC_ADDR: grpcAddressEnv.AUTH_GRPC_ADDR,
  FILES_GRPC_ADDR: grpcAddressEnv.FILES_GRPC_ADDR,
  GRPC_DEADLINE_MS: grpcAddressEnv.GRPC_DEADLINE_MS,
  GRPC_PORT: port(50054, 'port of the content gRPC API'),
  HEALTH_PORT: port(9104, 'port of /healthz and /readyz'),
  SEED_ARTICLES: Type.Boolean({
    default: true,
    description:
      'load the articles of services/content/seed at start (idempotent: never overwrites or brings back an article an editor changed or deleted)',
  }),
});
