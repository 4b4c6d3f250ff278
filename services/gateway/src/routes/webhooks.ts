import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { webhooksV1 } from '@mediakit/proto';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { WebhooksClient } from '../deps.ts';
import { requireUser } from '../plugins/identity.ts';
import { DEFAULT_LIMIT, IdParams, Page, PageQuery } from '../schemas.ts';

export interface WebhooksRoutesOptions {
  webhooks: WebhooksClient;
  writesPerMinute: number;
}

const WebhookEvent = Type.Union([
  Type.Literal('job.succeeded'),
  Type.Literal('job.failed'),
  Type.Literal('job.canceled'),
]);

const Endpoint = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  description: Type.Optional(Type.String()),
  createdAt: Type.String(),
  secretCreatedAt: Type.String(),
  secret: Type.Optional(
    Type.String({ description: '`whsec_<base64>`: only in the answer that created or rotated it' }),
  ),
});

const JobSecret = Type.Object({
  secret: Type.Optional(Type.String({ description: 'only in the one answer that shows it' })),
  createdAt: Type.String(),
});

const Attempt = Type.Object({
  attempt: Type.Integer(),
  at: Type.String(),
  statusCode: Type.Optional(Type.Integer({ description: "the receiver's HTTP status, when it answered" })),
  error: Type.Optional(Type.String({ description: 'why the attempt failed, as a sentence' })),
  durationMs: Type.Number(),
  resend: Type.Optional(Type.Boolean({ description: '"Send again" made this attempt' })),
});

const Delivery = Type.Object({
  id: Type.String({ description: 'the webhook-id header, the same on every attempt' }),
  endpointId: Type.Optional(Type.String()),
  jobId: Type.String(),
  url: Type.String(),
  event: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Array(Attempt),
  nextAttemptAt: Type.Optional(Type.String()),
  createdAt: Type.String(),
});

const CreateEndpointBody = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048 }),
    events: Type.Array(WebhookEvent, { minItems: 1, maxItems: 3 }),
    description: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const tags = ['webhooks'];
// What an API key needs (plugins/scopes.ts): reads jobs:read, changes jobs:write.
const read = { scope: 'jobs:read' } as const;

function toEndpoint(endpoint: webhooksV1.Endpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: [...endpoint.events],
    ...(endpoint.description ? { description: endpoint.description } : {}),
    createdAt: endpoint.createdAt,
    secretCreatedAt: endpoint.secretCreatedAt,
    ...(endpoint.secret ? { secret: endpoint.secret } : {}),
  };
}

function toDelivery(delivery: webhooksV1.Delivery) {
  return {
    id: delivery.id,
    ...(delivery.endpointId ? { endpointId: delivery.endpointId } : {}),
    jobId: delivery.jobId,
    url: delivery.url,
    event: delivery.event,
    status: delivery.status as 'pending' | 'succeeded' | 'failed',
    attempts: delivery.attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at,
      ...(a.statusCode == null ? {} : { statusCode: a.statusCode }),
      ...(a.error ? { error: a.error } : {}),
      durationMs: a.durationMs,
      ...(a.resend ? { resend: true } : {}),
    })),
    ...(delivery.nextAttemptAt ? { nextAttemptAt: delivery.nextAttemptAt } : {}),
    createdAt: delivery.createdAt,
  };
}

const toJobSecret = (secret: webhooksV1.JobSecret) => ({
  createdAt: secret.createdAt,
  ...(secret.secret ? { secret: secret.secret } : {}),
});

/**
 * Webhooks (docs/api.md "Webhooks"), for signed-in users only (guests 401): an account's endpoints,
 * the job secret that signs deliveries to a job's own webhookUrl, and the delivery log with "Send
 * again". The jobs service owns them all; another user's endpoint, delivery or job answers 404.
 */
export const webhooksRoutes: FastifyPluginAsyncTypebox<WebhooksRoutesOptions> = async (
  app,
  { webhooks, writesPerMinute },
) => {
  const write = { scope: 'jobs:write', rateLimit: { max: writesPerMinute, timeWindow: 60_000 } } as const;

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook endpoint (its signing secret is answered once)',
        body: CreateEndpointBody,
        response: { 201: Endpoint },
      },
      config: write,
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const { url, events, description } = request.body;
      const endpoint = await webhooks.createEndpoint({
        ownerId: owner.id,
        url,
        events,
        description: description ?? '',
      });
      return reply.code(201).send(toEndpoint(endpoint));
    },
  );

  app.get(
    '/webhooks',
    {
      schema: { tags, summary: "The caller's webhook endpoints", response: { 200: Page(Endpoint) } },
      config: read,
    },
    async (request) => {
      const owner = requireUser(request);
      const { items } = await webhooks.listEndpoints({ ownerId: owner.id });
      return { items: items.map(toEndpoint), nextCursor: null };
    },
  );

  app.get(
    '/webhooks/job-secret',
    {
      schema: {
        tags,
        summary: "The secret signing deliveries to jobs' webhookUrl (answered once, on first use)",
        response: { 200: JobSecret },
      },
      config: read,
    },
    async (request) => {
      const owner = requireUser(request);
      return toJobSecret(await webhooks.getJobSecret({ ownerId: owner.id }));
    },
  );

  app.post(
    '/webhooks/job-secret/rotate',
    {
      schema: {
        tags,
        summary: 'Replace the job webhook secret (the new one is answered once)',
        response: { 200: JobSecret },
      },
      config: write,
    },
    async (request) => {
      const owner = requireUser(request);
      return toJobSecret(await webhooks.rotateJobSecret({ ownerId: owner.id }));
    },
  );

  app.get(
    '/webhooks/:id',
    {
      schema: { tags, summary: 'Get a webhook endpoint', params: IdParams, response: { 200: Endpoint } },
      config: read,
    },
    async (request) => {
      const owner = requireUser(request);
      return toEndpoint(await webhooks.getEndpoint({ ownerId: owner.id, id: request.params.id }));
    },
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook endpoint and its delivery log',
        params: IdParams,
        response: { 204: Type.Null() },
      },
      config: write,
    },
    async (request, reply) => {
      const owner = requireUser(request);
      await webhooks.deleteEndpoint({ ownerId: owner.id, id: request.params.id });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: "Replace an endpoint's signing secret (the new one is answered once)",
        params: IdParams,
        response: { 200: Endpoint },
      },
      config: write,
    },
    async (request) => {
      const owner = requireUser(request);
      return toEndpoint(await webhooks.rotateEndpointSecret({ ownerId: owner.id, id: request.params.id }));
    },
  );

  const listQuery = Type.Object(PageQuery);
  /** One page of an endpoint's or a job's deliveries. */
  async function deliveries(
    request: FastifyRequest & { query: { limit?: number; cursor?: string } },
    scope: { endpointId: string; jobId: string },
  ) {
    const owner = requireUser(request);
    const page = await webhooks.listDeliveries({
      ownerId: owner.id,
      ...scope,
      limit: request.query.limit ?? DEFAULT_LIMIT,
      cursor: request.query.cursor ?? '',
    });
    return { items: page.items.map(toDelivery), nextCursor: page.nextCursor || null };
  }
  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: "An endpoint's deliveries, newest first",
        params: IdParams,
        querystring: listQuery,
        response: { 200: Page(Delivery) },
      },
      config: read,
    },
    (request) => deliveries(request, { endpointId: request.params.id, jobId: '' }),
  );

  app.get(
    '/jobs/:id/deliveries',
    {
      schema: {
        tags,
        summary: "A job's webhook deliveries, newest first",
        params: IdParams,
        querystring: listQuery,
        response: { 200: Page(Delivery) },
      },
      config: read,
    },
    (request) => deliveries(request, { endpointId: '', jobId: request.params.id }),
  );

  app.post(
    '/webhook-deliveries/:id/resend',
    {
      schema: {
        tags,
        summary: 'Send a delivery again now, with the same webhook-id',
        params: IdParams,
        response: { 202: Delivery },
      },
      config: write,
    },
    async (request, reply) => {
      const owner = requireUser(request);
      const delivery = await webhooks.resendDelivery({ ownerId: owner.id, id: request.params.id });
      return reply.code(202).send(toDelivery(delivery));
    },
  );
};
