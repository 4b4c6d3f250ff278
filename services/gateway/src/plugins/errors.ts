import { ApiError, type ApiErrorBody } from '@mediakit/kit';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issuesFromValidation, summarize } from '../validation.ts';

export const SORRY = 'Something went wrong on our side. Please try again.';

interface ErrorReply {
  status: number;
  body: ApiErrorBody;
}

const reply = (status: number, code: string, message: string, details?: unknown[]): ErrorReply => ({
  status,
  body: details?.length ? { code, message, details } : { code, message },
});

/** Where the request went, short enough to echo back in a message. */
const target = (request: FastifyRequest) => `${request.method} ${request.url.split('?')[0].slice(0, 200)}`;

/**
 * Every failure becomes the API's error body (API.md "Conventions"). Known causes get a status and
 * a sentence a person can act on; anything else is logged and answered with a plain 500, because a
 * stack trace or an internal message helps an attacker more than a user.
 */
export function toErrorReply(error: unknown, request: FastifyRequest, bodyLimit: number): ErrorReply {
  if (error instanceof ApiError) return { status: error.status, body: error.toBody() };
  const e = error as Partial<FastifyError>;
  if (e.validation) {
    const context = e.validationContext ?? 'body';
    // A malformed id in the path names nothing anyone owns: answer like any unknown resource.
    if (context === 'params') return reply(404, 'not_found', `Nothing was found at ${target(request)}.`);
    const issues = issuesFromValidation(e.validation as never, context);
    return reply(400, 'validation_failed', summarize(issues), issues);
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply(
        413,
        'too_large',
        `The request body is larger than ${bodyLimit / 1024 / 1024} MiB. Upload files through /api/v1/files or /api/v1/uploads.`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return reply(
        415,
        'unsupported_media',
        `${target(request)} takes a JSON body: send it with Content-Type: application/json.`,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply(
        400,
        'validation_failed',
        'The body is empty but its Content-Type says JSON: send a JSON object, or no Content-Type.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return reply(400, 'validation_failed', 'The body is not valid JSON.');
  }
  if (e.statusCode === 400 && error instanceof SyntaxError)
    return reply(400, 'validation_failed', 'The body is not valid JSON.');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    // Fastify's own client errors (bad URL, bad header, ...): their messages are safe to show.
    return reply(e.statusCode, 'bad_request', e.message || 'The request is not valid.');
  }
  return reply(500, 'internal', SORRY);
}

export const errorsPlugin = fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error, request, res) => {
      const { status, body } = toErrorReply(error, request, app.initialConfig.bodyLimit ?? 1024 * 1024);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      else request.log.info({ code: body.code, status }, body.message);
      if (res.raw.headersSent) return;
      // A forwarded response may already have set its headers; the error body replaces it entirely.
      for (const header of ['content-length', 'content-disposition', 'content-range', 'content-encoding'])
        res.removeHeader(header);
      return res.code(status).type('application/json; charset=utf-8').send(body);
    });

    // An attacker could search for valid URLs if 404s were free, so they count against the rate limit.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, res) => {
      const path = request.url.split('?')[0];
      const message = path.startsWith('/api/')
        ? `No API route ${target(request)}.`
        : `Nothing was found at ${target(request)}.`;
      return res.code(404).type('application/json; charset=utf-8').send({ code: 'not_found', message });
    });
  },
  { name: 'mediakit-errors' },
);
