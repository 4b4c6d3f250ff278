import { commonEnv, port } from '@mediakit/kit';
import { type Static, Type } from 'typebox';

export const contentEnv = Type.Object({
  ...commonEnv,
  GRPC_PORT: port(50054, 'port of the content gRPC API'),
  HEALTH_PORT: port(9104, 'port of /healthz and /readyz'),
});

export type ContentConfig = Static<typeof contentEnv>;
