import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_KEY_SCOPES } from '@mediakit/kit';
import type { authV1 } from '@mediakit/proto';
import { type Static, Type } from 'typebox';
import type { AuthClient } from '../deps.ts';
import { requireUser } from '../plugins/identity.ts';
import { IdParams, literals } from '../schemas.ts';

export interface ApiKeysRoutesOptions {
  auth: Pick<AuthClient, 'createApiKey' | 'listApiKeys' | 'revokeApiKey'>;
  writesPerMinute: number;
}

const Scope = literals(API_KEY_SCOPES);

/** An API key as the API shows it (docs/api.md "API keys and scopes"): never its secret. */
export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(Scope),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

const CreateBody = Type.Object(
  {
    // Length and expiry are checked by the auth service, which words the messages per field.
    name: Type.String({ maxLength: 200 }),
    scopes: Type.Array(Scope, { minItems: 1, maxItems: API_KEY_SCOPES.length, uniqueItems: true }),
    expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

const Created = Type.Object({
  key: ApiKey,
  secret: Type.String({ description: 'The key itself (`mk_...`), shown this once: it is not stored.' }),
});

const tags = ['accounts'];
/** Keys make keys only from a signed-in session: a leaked key must not be able to mint more. */
const config = { scope: { session: 'manage API keys' } };

function toApiKey(key: authV1.ApiKey): Static<typeof ApiKey> {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes as Static<typeof Scope>[],
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt ?? null,
    expiresAt: key.expiresAt ?? null,
  };
}

/** The signed-in user's API keys (docs/api.md "API keys and scopes"); guests get 401. */
export const apiKeysRoutes: FastifyPluginAsyncTypebox<ApiKeysRoutesOptions> = async (
  app,
  { auth, writesPerMinute },
) => {
  app.get(
    '/account/api-keys',
    {
      schema: {
        tags,
        summary: "The account's API keys, newest first",
        response: { 200: Type.Object({ items: Type.Array(ApiKey) }) },
      },
      config,
    },
    async (request) => {
      const { sub } = requireUser(request);
      return { items: (await auth.listApiKeys({ sub })).keys.map(toApiKey) };
    },
  );

  app.post(
    '/account/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key (its secret is in this answer only)',
        body: CreateBody,
        response: { 201: Created },
      },
      config: { ...config, rateLimit: { max: writesPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { sub } = requireUser(request);
      const { name, scopes, expiresAt } = request.body;
      const created = await auth.createApiKey({ sub, name, scopes, expiresAt });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ key: toApiKey(created.key as authV1.ApiKey), secret: created.secret });
    },
  );

  app.delete(
    '/account/api-keys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API key: it fails from the next request on',
        params: IdParams,
        response: { 204: Type.Null() },
      },
      config,
    },
    async (request, reply) => {
      const { sub } = requireUser(request);
      await auth.revokeApiKey({ sub, id: request.params.id });
      return reply.code(204).send(null);
    },
  );
};
