import { type TSchema, Type } from 'typebox';

/**
 * The API's objects (docs/api.md) as TypeBox schemas. Used as response schemas, they also make the
 * serializer drop anything not listed, a second guard (after mappers.ts) against leaking internal
 * fields such as ownerId or objectKey.
 */
export const ErrorBody = Type.Object({
  code: Type.String(),
  message: Type.String(),
  error_msg: Type.Optional(Type.String()),
  error_log: Type.Optional(Type.String()),
  details: Type.Optional(Type.Array(Type.Unknown())),
});

/** Bytes of any type, as a body or an answer. */
export const Bytes = (description: string) => Type.String({ format: 'binary', description });

/** An answer that is not JSON (file bytes, an event stream): documented, never serialized by Fastify. */
export const NotJson = (contentType: string, schema: TSchema, description: string) => ({
  description,
  content: { [contentType]: { schema } },
});

/** Ids are newId() values: URL-safe base64. Anything else cannot exist and answers 404. */
export const IdParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

export const literals = <T extends string>(values: readonly T[]) =>
  Type.Union(values.map((v) => Type.Literal(v)));
export const MEDIA = ['video', 'image', 'audio', 'archive'] as const;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export const MediaKind = literals(MEDIA);
export const JobStatus = literals(JOB_STATUSES);
/** An object whose keys are not known here (job params, a tool's JSON Schema). */
const OpenObject = Type.Object({}, { additionalProperties: true });

export const File = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Number(),
  mime: Type.String(),
  media: Type.String(),
  width: Type.Optional(Type.Number()),
  height: Type.Optional(Type.Number()),
  duration: Type.Optional(Type.Number()),
  fps: Type.Optional(Type.Number()),
  hasAudio: Type.Optional(Type.Boolean()),
  source: Type.String(),
  jobId: Type.Optional(Type.String()),
  createdAt: Type.String(),
  expiresAt: Type.String(),
});

export const JobError = Type.Object({
  message: Type.String(),
  error_msg: Type.Optional(Type.String()),
  error_log: Type.Optional(Type.String()),
});

export const Job = Type.Object({
  id: Type.String(),
  tool: Type.String(),
  status: Type.String(),
  progress: Type.Number(),
  inputs: Type.Array(Type.String()),
  params: OpenObject,
  outputs: Type.Array(File),
  archive: Type.Optional(File),
  notes: Type.Optional(Type.Array(Type.String())),
  error: Type.Optional(JobError),
  queuePosition: Type.Optional(Type.Integer()),
  webhookUrl: Type.Optional(Type.String()),
  createdAt: Type.String(),
  startedAt: Type.Optional(Type.String()),
  finishedAt: Type.Optional(Type.String()),
  expiresAt: Type.String(),
});

export const Tool = Type.Object({
  name: Type.String(),
  kind: Type.String(),
  media: Type.String(),
  title: Type.String(),
  description: Type.String(),
  inputs: Type.Object({
    min: Type.Integer(),
    max: Type.Integer(),
    accept: Type.Array(Type.String()),
    /** docs/api.md "Catalog": the most pixels one input may have. */
    maxPixels: Type.Integer(),
  }),
  params: OpenObject,
  output: Type.Object({ media: Type.String(), formats: Type.Array(Type.String()) }),
});

export const Plan = Type.Object({
  id: Type.String(),
  name: Type.String(),
  price: Type.Object({ amount: Type.Number(), currency: Type.String(), interval: Type.String() }),
  limits: Type.Object({
    maxFileBytes: Type.Number(),
    concurrentJobs: Type.Integer(),
    retentionHours: Type.Number(),
    batchSize: Type.Integer(),
  }),
});

/** `?limit=&cursor=` of every list (docs/api.md "Conventions"). */
export const PageQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 1000 })),
};
export const DEFAULT_LIMIT = 20;

export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), nextCursor: Type.Union([Type.String(), Type.Null()]) });

/** An account as the API shows it (`GET /auth/me`, `{ user }` of sign-up, `PATCH /account`). */
export const User = Type.Object({
  sub: Type.String(),
  email: Type.String(),
  name: Type.String(),
  plan: Type.String(),
  roles: Type.Array(Type.String()),
});

/** What `POST /auth/login` answers (docs/api.md "Accounts and sessions"). */
export const Tokens = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  id_token: Type.String(),
  expires_in: Type.Integer(),
  token_type: Type.Literal('Bearer'),
});

/** What `POST /auth/refresh_token` answers: `refresh_token` only when the session rotated. */
export const RefreshedTokens = Type.Object({
  access_token: Type.String(),
  id_token: Type.Optional(Type.String()),
  refresh_token: Type.Optional(Type.String()),
  expires_in: Type.Optional(Type.Integer()),
  token_type: Type.Literal('Bearer'),
});
