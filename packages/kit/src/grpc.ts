import {
  type CallOptions,
  type ChannelOptions,
  type Client,
  credentials,
  Metadata,
  Server,
  ServerCredentials,
  type ServerUnaryCall,
  type ServiceDefinition,
  type ServiceError,
  status,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { ApiError } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * gRPC on both sides with one error model: a handler throws ApiError, the status and API error
 * code travel in trailing metadata, and the client rethrows the same ApiError, so the gateway
 * answers exactly what the service meant. Anything else is logged and becomes a 500.
 */

const httpToGrpc: Record<number, status> = {
  400: status.INVALID_ARGUMENT,
  401: status.UNAUTHENTICATED,
  403: status.PERMISSION_DENIED,
  404: status.NOT_FOUND,
  409: status.FAILED_PRECONDITION,
  413: status.OUT_OF_RANGE,
  415: status.INVALID_ARGUMENT,
  422: status.INVALID_ARGUMENT,
  429: status.RESOURCE_EXHAUSTED,
  501: status.UNIMPLEMENTED,
  503: status.UNAVAILABLE,
};

type UnaryHandler<Req, Res> = (request: Req, context: { metadata: Metadata }) => Promise<Res>;
/** An object of async handlers, one per RPC of a ts-proto service definition. */
export type AsyncService<Impl> = {
  // `as string extends K ? never : K` drops the index signature ts-proto's server interfaces
  // inherit from grpc-js, which would otherwise turn every handler type into `never`.
  [K in keyof Impl as string extends K ? never : K]: Impl[K] extends (
    call: ServerUnaryCall<infer Req, infer Res>,
    callback: infer _C,
  ) => void
    ? UnaryHandler<Req, Res>
    : never;
};

export function addService<Impl extends UntypedServiceImplementation>(
  server: Server,
  definition: ServiceDefinition,
  handlers: AsyncService<Impl>,
  log: Logger,
): void {
  const implementation: UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(definition)) {
    const handler = (handlers as Record<string, UnaryHandler<unknown, unknown>>)[name];
    if (!handler) throw new Error(`gRPC handler ${name} is missing`);
    implementation[name] = (
      call: ServerUnaryCall<unknown, unknown>,
      callback: (error: Partial<ServiceError> | null, value?: unknown) => void,
    ) => {
      // OpenTelemetry's gRPC instrumentation runs this inside the call's span, the caller's child.
      handler(call.request, { metadata: call.metadata }).then(
        (value) => callback(null, value),
        (error: unknown) => callback(toServiceError(error, method.path, log)),
      );
    };
  }
  server.addService(definition, implementation);
}

function toServiceError(error: unknown, path: string, log: Logger): Partial<ServiceError> {
  const metadata = new Metadata();
  if (error instanceof ApiError) {
    metadata.set('mk-status', String(error.status));
    metadata.set('mk-code', error.code);
    // Text metadata must be printable ASCII; details and logs carry file names and "×", so they
    // travel as binary (`-bin`) values, which grpc-js base64-encodes on the wire.
    if (error.details) metadata.set('mk-details-bin', Buffer.from(JSON.stringify(error.details)));
    if (error.errorLog) metadata.set('mk-log-bin', Buffer.from(error.errorLog));
    return { code: httpToGrpc[error.status] ?? status.UNKNOWN, details: error.message, metadata };
  }
  log.error({ err: error, rpc: path }, 'gRPC handler failed');
  return { code: status.INTERNAL, details: 'Something went wrong on our side. Please try again.', metadata };
}

export async function listenGrpc(server: Server, address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.bindAsync(address, ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    );
  });
}

export function stopGrpc(server: Server, graceMs = 5000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.forceShutdown();
      resolve();
    }, graceMs);
    server.tryShutdown(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export { Server as GrpcServer } from '@grpc/grpc-js';

type Callback<Res> = (error: ServiceError | null, response: Res) => void;
/** The promise-returning view of a ts-proto grpc-js client. */
export type AsyncClient<C> = {
  [K in keyof C]: C[K] extends (
    request: infer Req,
    metadata: Metadata,
    options: Partial<CallOptions>,
    callback: Callback<infer Res>,
  ) => unknown
    ? (request: Req) => Promise<Res>
    : never;
};

type ClientConstructor<C> = new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
  options?: ChannelOptions,
) => C;

/**
 * Channel options of every client and server. Channelz (grpc-js's live call registry, read by a
 * channelz admin client, which nothing here runs) is off: left on, it timestamps and counts every
 * call on both sides, CPU spent on every request for a reader that never comes.
 */
export const GRPC_CHANNEL_OPTIONS: ChannelOptions = { 'grpc.enable_channelz': 0 };

/** Creates a client whose every call has a deadline. */
export function createGrpcClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  definition: ServiceDefinition,
  address: string,
  options: { deadlineMs: number },
): AsyncClient<C> & { close(): void } {
  const client = new Ctor(address, credentials.createInsecure(), GRPC_CHANNEL_OPTIONS);
  const asyncClient: Record<string, unknown> = { close: () => client.close() };
  for (const name of Object.keys(definition)) {
    const method = (client as unknown as Record<string, (...args: unknown[]) => void>)[name].bind(client);
    asyncClient[name] = (request: unknown) =>
      new Promise((resolve, reject) => {
        // OpenTelemetry's gRPC instrumentation adds the trace context to the metadata.
        const metadata = new Metadata();
        const deadline = new Date(Date.now() + options.deadlineMs);
        method(request, metadata, { deadline }, (error: ServiceError | null, response: unknown) =>
          error ? reject(fromServiceError(error)) : resolve(response),
        );
      });
  }
  return asyncClient as AsyncClient<C> & { close(): void };
}

function fromServiceError(error: ServiceError): ApiError {
  const meta = (key: string) => error.metadata?.get(key)[0]?.toString('utf8');
  const httpStatus = meta('mk-status');
  if (httpStatus) {
    const details = meta('mk-details-bin');
    return new ApiError(Number(httpStatus), meta('mk-code') ?? 'error', error.details, {
      details: details ? JSON.parse(details) : undefined,
      errorLog: meta('mk-log-bin'),
    });
  }
  if (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED) {
    return new ApiError(
      503,
      'service_unavailable',
      'Mediakit is busy or restarting and did not answer in time. Please try again in a moment.',
    );
  }
  return new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.');
}

/** Starts a gRPC server with the services `register` adds, and registers its graceful stop. */
export async function serveGrpc(options: {
  address: string;
  log: Logger;
  onShutdown(step: () => Promise<unknown>): void;
  register(server: Server): void;
}): Promise<number> {
  const server = new Server(GRPC_CHANNEL_OPTIONS);
  options.register(server);
  const port = await listenGrpc(server, options.address);
  options.onShutdown(() => stopGrpc(server));
  options.log.info({ port }, 'gRPC listening');
  return port;
}
