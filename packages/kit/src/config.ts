import { type Static, type TObject, type TProperties, Type } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Environment configuration, validated at start. Each service declares a TypeBox object of the
 * variables it reads (with defaults and a description); a bad value stops the service with one
 * line per problem that names the variable, what is wrong and what it got.
 */
export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig<T extends TObject>(schema: T, env: NodeJS.ProcessEnv = process.env): Static<T> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const value = env[key];
    // An empty variable means "not set", so `FOO=` in a .env file falls back to the default.
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const value = Value.Convert(schema, Value.Default(schema, raw));
  const problems = [...Value.Errors(schema, value)].map((error) => {
    const key =
      error.instancePath.replace(/^\//, '') ||
      String((error.params as { requiredProperties?: string[] }).requiredProperties?.[0] ?? '');
    const property = schema.properties[key] as { description?: string } | undefined;
    const got = key in raw ? ` (got ${JSON.stringify(raw[key])})` : ' (not set)';
    const hint = property?.description ? `: ${property.description}` : '';
    return `${key} ${error.message}${got}${hint}`;
  });
  if (problems.length > 0) throw new ConfigError(problems);
  return value as Static<T>;
}

/** Variables every service reads. Services spread these into their own schema. */
export const commonEnv = {
  LOG_LEVEL: Type.Union(
    [
      Type.Literal('fatal'),
      Type.Literal('error'),
      Type.Literal('warn'),
      Type.Literal('info'),
      Type.Literal('debug'),
      Type.Literal('trace'),
      Type.Literal('silent'),
    ],
    {
      default: 'info',
      description: 'pino log level',
    },
  ),
  DATA_DIR: Type.String({ default: '.data', description: 'where the embedded stores keep their files' }),
  NATS_URL: Type.String({
    default: 'nats://127.0.0.1:4222',
    description: 'NATS server with JetStream enabled (a cluster: every server, comma-separated)',
  }),
  HOST: Type.String({ default: '127.0.0.1', description: 'interface the service listens on' }),
  NATS_STREAM_REPLICAS: Type.Integer({
    minimum: 1,
    maximum: 5,
    default: 1,
    description: 'JetStream servers keeping a copy of each stream (3 on a 3-node cluster)',
  }),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({ description: 'OTLP/HTTP collector; traces are exported only when set' }),
  ),
} satisfies TProperties;

/** Variables of services that use the document store. */
export const documentStoreEnv = {
  MONGODB_URL: Type.Optional(
    Type.String({ description: 'MongoDB connection string; the embedded store is used when unset' }),
  ),
} satisfies TProperties;

/** Variables of services that use the object store. */
export const objectStoreEnv = {
  S3_ENDPOINT: Type.Optional(
    Type.String({ description: 'S3 API endpoint URL; the local directory store is used when unset' }),
  ),
  S3_ACCESS_KEY: Type.Optional(Type.String({ description: 'S3 access key' })),
  S3_SECRET_KEY: Type.Optional(Type.String({ description: 'S3 secret key' })),
  S3_BUCKET: Type.String({ default: 'mediakit', description: 'S3 bucket for all objects' }),
  S3_REGION: Type.String({ default: 'us-east-1', description: 'S3 region' }),
  OBJECT_ENCRYPTION_KEY: Type.Optional(
    Type.String({
      description:
        'master key (base64 of 32 bytes) wrapping the per-object data keys of every stored object; required with S3_ENDPOINT, generated in DATA_DIR/object-encryption.key when unset on the local store',
    }),
  ),
  OBJECT_ENCRYPTION_OLD_KEYS: Type.Optional(
    Type.String({
      description:
        'retired master keys (comma-separated base64) still accepted to read objects they encrypted',
    }),
  ),
} satisfies TProperties;

/** Addresses of the gRPC services, for their clients. */
/** Requests to addresses users give (@mediakit/outbound): read by every service that makes them. */
export const outboundEnv = {
  OUTBOUND_ALLOWED_CIDRS: Type.String({
    default: '',
    description:
      'comma-separated addresses or CIDR ranges that imports and webhooks may reach although they are private (empty: only public addresses)',
  }),
  OUTBOUND_DNS_SERVERS: Type.String({
    default: '',
    description:
      "comma-separated DNS servers (ip or ip:port) that resolve the host names of imports and webhooks instead of the system's resolver",
  }),
};

export const grpcAddressEnv = {
  AUTH_GRPC_ADDR: Type.String({ default: '127.0.0.1:50051', description: 'auth service gRPC address' }),
  FILES_GRPC_ADDR: Type.String({ default: '127.0.0.1:50052', description: 'files service gRPC address' }),
  JOBS_GRPC_ADDR: Type.String({ default: '127.0.0.1:50053', description: 'jobs service gRPC address' }),
  CONTENT_GRPC_ADDR: Type.String({ default: '127.0.0.1:50054', description: 'content service gRPC address' }),
  GRPC_DEADLINE_MS: Type.Integer({ default: 5000, minimum: 100, description: 'deadline of every gRPC call' }),
} satisfies TProperties;

export const port = (defaultPort: number, description: string) =>
  Type.Integer({ minimum: 0, maximum: 65535, default: defaultPort, description });

/** The S3 adapter's options from the environment, or undefined to use the local directory store. */
export function s3FromEnv(config: {
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  S3_BUCKET: string;
  S3_REGION: string;
}) {
  if (!config.S3_ENDPOINT) return undefined;
  return {
    endpoint: config.S3_ENDPOINT,
    accessKey: config.S3_ACCESS_KEY ?? '',
    secretKey: config.S3_SECRET_KEY ?? '',
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
  };
}
