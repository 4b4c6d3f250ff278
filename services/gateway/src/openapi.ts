import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchema } from 'fastify';
import { Type } from 'typebox';
import { GUEST_COOKIE } from './plugins/identity.ts';
import { ErrorBody } from './schemas.ts';

/** What every operation may answer besides its own statuses: the API's error body. */
const ErrorResponse = Type.Object(ErrorBody.properties, {
  description: 'An error: `code` for programs, `message` for people, `details` per field when given.',
});

/** Which routes the document describes: the public API, and the OpenID Provider the gateway fronts. */
const isPublic = (url: string) => url.startsWith('/api/v1/') || url === '/oidc/*';

/** Path parameters as OpenAPI writes them: `/files/:id` → `/files/{id}`, `/oidc/*` → `/oidc/{path}`. */
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
function transform({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!isPublic(url)) return { schema: { ...schema, hide: true }, url };
  const response = { ...(schema?.response as Record<string, unknown> | undefined), default: ErrorResponse };
  if (url === '/oidc/*') return { schema: { ...schema, params: OIDC_PATH, response }, url: '/oidc/{path}' };
  return { schema: { ...schema, response }, url };
}

/** `@fastify/swagger`'s options: registered before every route, so it sees them all as they are added. */
export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Mediakit API',
      version: '1.0.0',
      description:
        'Convert and edit video and images. JSON in and out; file bytes as multipart/form-data or tus 1.0 ' +
        'uploads. Every error answers `{ code, message, details? }`. See docs/api.md for the conventions.',
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    tags: [
      { name: 'catalog', description: 'The tools and converters, and the plans.' },
      { name: 'accounts', description: 'Sign-up, sessions, the account and its subscription.' },
      { name: 'files', description: 'Uploaded and produced files, and their bytes.' },
      { name: 'uploads', description: 'Resumable uploads (tus 1.0).' },
      { name: 'jobs', description: 'Running a tool on files, and following its progress.' },
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
        guest: {
          type: 'apiKey',
          in: 'cookie',
          name: GUEST_COOKIE,
          description: 'A visitor without an account: set on their first write, and their files follow it.',
        },
      },
    },
    // Anyone may call the API: signed in, as a guest, or (for reads of public things) as nobody.
    security: [{ bearer: [] }, { guest: [] }, {}],
  },
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
      config: { credentialsInBody: true },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return app.swagger();
    },
  );
};
