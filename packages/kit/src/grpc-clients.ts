import type { ChannelOptions, Client, credentials, ServiceDefinition } from '@grpc/grpc-js';
import { authV1, contentV1, filesV1, jobsV1, webhooksV1 } from '@mediakit/proto';
import { createGrpcClient } from './grpc.ts';

type ClientConstructor<C> = new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
  options?: ChannelOptions,
) => C;

const connector =
  <C extends Client>(Ctor: ClientConstructor<C>, definition: ServiceDefinition) =>
  (address: string, deadlineMs: number) =>
    createGrpcClient(Ctor, definition, address, { deadlineMs });

/** Every gRPC service a composition root can call, by the name its `<NAME>_GRPC_ADDR` uses. */
const connectors = {
  auth: connector(authV1.AuthServiceClient, authV1.AuthServiceService),
  content: connector(contentV1.ContentServiceClient, contentV1.ContentServiceService),
  files: connector(filesV1.FilesServiceClient, filesV1.FilesServiceService),
  jobs: connector(jobsV1.JobsServiceClient, jobsV1.JobsServiceService),
  /** Served by the jobs service: give it JOBS_GRPC_ADDR. */
  webhooks: connector(webhooksV1.WebhooksServiceClient, webhooksV1.WebhooksServiceService),
};

export type GrpcClients = { [K in keyof typeof connectors]: ReturnType<(typeof connectors)[K]> };

/**
 * The gRPC clients a service's main.ts needs, each call with the same deadline, all closed on
 * shutdown: `connectGrpcClients({ addresses: { files: config.FILES_GRPC_ADDR }, deadlineMs, onShutdown })`.
 */
export function connectGrpcClients<K extends keyof GrpcClients>(options: {
  addresses: Record<K, string>;
  deadlineMs: number;
  onShutdown(step: () => unknown): void;
}): Pick<GrpcClients, K> {
  const clients = {} as Pick<GrpcClients, K>;
  for (const name of Object.keys(options.addresses) as K[]) {
    clients[name] = connectors[name](options.addresses[name], options.deadlineMs) as GrpcClients[K];
  }
  options.onShutdown(() => {
    for (const client of Object.values<{ close(): void }>(clients)) client.close();
  });
  return clients;
}
