import { readFileSync } from 'node:fs';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchema, RouteOptions } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { GUEST_COOKIE } from './plugins/identity.ts';
import type { RouteScope } from './plugins/scopes.ts';
import { ApiKey } from './routes/api-keys.ts';
import { Article, ArticleSummary } from './routes/blog.ts';
import { Subscription } from './routes/subscription.ts';
import { Ticket, TicketMessage, TicketSummary } from './routes/tickets.ts';
import { ErrorBody, File, Job, Plan, RefreshedTokens, Tokens, Tool, User } from './schemas.ts';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A request body the route streams on unread (file bytes): Fastify neither parses nor validates
     * it, so it is not `body`; it is only described in the OpenAPI document.
     */
    streamedBody?: { contentType: string; schema: TSchema };
  }
}

/**
 * The API's objects, named in the document's components: wherever an operation's schema has one
 * of them, the document refers to it by name instead of repeating it.
 */
const COMPONENTS: Record<string, TSchema> = {
  Error: ErrorBody,
  File,
  Job,
  Tool,
  Plan,
  User,
  Tokens,
  RefreshedTokens,
  Subscription,
  ApiKey,
  ArticleSummary,
  Article,
  TicketSummary,
  Ticket,
  TicketMessage,
};
const json = (value: unknown) => JSON.stringify(value);
const componentByJson = new Map(Object.entries(COMPONENTS).map(([name, schema]) => [json(schema), name]));

/** Makes the components known to Fastify under their names, so the document can refer to them. */
export function addOpenApiComponents(app: { addSchema(schema: object): unknown }): void {
  for (const [name, schema] of Object.entries(COMPONENTS))
    app.addSchema({ ...JSON.parse(json(schema)), $id: name });
}

/** A copy of a route's schema in which each named object is a `$ref` to its component. */
function referToComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(referToComponents);
  if (!value || typeof value !== 'object') return value;
  const name = componentByJson.get(json(value));
  if (name) return { $ref: `${name}#` };
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, referToComponents(child)]));
}

/** What every operation may answer besides its own statuses: the API's error body. */
const ErrorResponse = {
  $ref: 'Error#',
  description: 'An error: `code` for programs, `message` for people, `details` per field when given.',
};

/** Which routes the document describes: the public API, and the OpenID Provider the gateway fronts. */
const isPublic = (url: string) => url.startsWith('/api/v1/') || url === '/oidc/*';

/** The provider's wildcard (`/oidc/*`), which the document writes as a parameter: `/oidc/{path}`. */
const OIDC_PATH = Type.Object({
  path: Type.String({
    description:
      'A path of the OpenID Provider, as its discovery document lists them (`token`, `jwks`, ...).',
  }),
});

/**
 * Adds the error body to every documented operation and hides the rest (web pages, probes, the
 * development mailbox). Only the document changes: Fastify validates and serializes with the
 * route's own schema.
 */
function transform({ schema, url, route }: { schema: FastifySchema; url: string; route: RouteOptions }) {
  if (!isPublic(url)) return { schema: { ...schema, hide: true }, url };
  const { streamedBody, ...rest } = schema ?? {};
  const documented: FastifySchema = {
    ...(referToComponents(rest) as FastifySchema),
    ...keyAccess(route.config?.scope, rest.description),
    ...(streamedBody ? { body: streamedBody.schema, consumes: [streamedBody.contentType] } : {}),
    response: { ...(referToComponents(schema?.response) as object | undefined), default: ErrorResponse },
  };
  if (url === '/oidc/*') return { schema: { ...documented, params: OIDC_PATH }, url: '/oidc/{path}' };
  return { schema: documented, url };
}

/**
 * What an API key needs for an operation (plugins/scopes.ts), in two forms: the `security`
 * requirement with the scope as the `apiKey` scheme's scope name (OpenAPI 3.1 allows role names
 * for any scheme), which reference renderers list per operation, and a sentence in the
 * description, which every renderer shows even where it hides scope names. Public operations keep
 * the document's default.
 */
function keyAccess(scope: RouteScope | undefined, description: string | undefined) {
  const say = (sentence: string) => ({ description: description ? `${description} ${sentence}` : sentence });
  if (scope === undefined || scope === 'public') return {};
  if (typeof scope === 'object') {
    return { security: [{ bearer: [] }], ...say('Signed-in users only: API keys cannot use this.') };
  }
  return {
    security: [{ bearer: [] }, { apiKey: [scope] }, { guest: [] }],
    ...say(`An API key needs the \`${scope}\` scope.`),
  };
}

/** The guide with the common flows, in one file so it is easy to read and edit as Markdown. */
export const DEVELOPER_GUIDE = readFileSync(new URL('./openapi-guide.md', import.meta.url), 'utf8');

/** `@fastify/swagger`'s options: registered before every route, so it sees them all as they are added. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Mediakit API',
      version: '1.0.0',
      // The developer guide (Markdown): /developers shows it before the operations.
      description: DEVELOPER_GUIDE,
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    tags: [
      { name: 'catalog', description: 'The tools and converters, and the plans.' },
      { name: 'accounts', description: 'Sign-up, sessions, the account and its subscription.' },
      { name: 'files', description: 'Uploaded and produced files, and their bytes.' },
      { name: 'uploads', description: 'Resumable uploads (tus 1.0).' },
      { name: 'jobs', description: 'Running a tool on files, and following its progress.' },
      { name: 'webhooks', description: 'Signed notices of finished jobs: endpoints, the delivery log.' },
      { name: 'content', description: 'The blog.' },
      { name: 'support', description: 'The contact form and support tickets.' },
      { name: 'admin', description: 'What administrators do.' },
      { name: 'operations', description: 'Health and this document.' },
      { name: 'openid', description: 'The built-in OpenID Provider (absent with an external one).' },
    ],
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token of a signed-in user (`POST /api/v1/auth/login`, or the code flow).',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'mk_...',
          description:
            'An API key (`Authorization: Bearer mk_...`), created in Dashboard → API keys. Each operation names ' +
            'the scope a key needs: `files:read`, `files:write`, `jobs:read` or `jobs:write`.',
        },
        guest: {
          type: 'apiKey',
          in: 'cookie',
          name: GUEST_COOKIE,
          description: 'A visitor without an account: set on their first write, and their files follow it.',
        },
      },
    },
    // Anyone may call the API: signed in, with an API key, as a guest, or (public reads) as nobody.
    security: [{ bearer: [] }, { apiKey: [] }, { guest: [] }, {}],
  },
  // Components keep their names (`#/components/schemas/File`), not `def-0`, `def-1`, ...
  refResolver: { buildLocalReference: (schema, _base, _fragment, i) => String(schema.$id ?? `def-${i}`) },
  transform,
};

/** `GET /openapi.json`: the document, built from the routes' schemas once, on the first request. */
export const openApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/openapi.json',
    {
      schema: {
        summary: 'This document (OpenAPI 3.1)',
        tags: ['operations'],
        response: { 200: Type.Object({}, { additionalProperties: true, description: 'OpenAPI 3.1' }) },
      },
      // Public and the same for everyone: it changes only with a redeploy.
      config: { scope: 'public', credentialsInBody: true },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.swagger();
    },
  );
};
