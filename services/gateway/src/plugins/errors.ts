import { ApiError, badRequest, registerErrorHandlers, requestTarget } from '@mediakit/kit';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { issuesFromValidation, summarize } from '../validation.ts';

/**
 * The gateway's reading of Fastify's own errors: a sentence a person can act on for each known
 * cause (a bad body, a failed schema). Everything else is left to the kit's error handler.
 */
export function explainGatewayError(
  error: FastifyError,
  request: FastifyRequest,
  bodyLimit: number,
): ApiError | undefined {
  if (error.validation) {
    const context = error.validationContext ?? 'body';
    // A malformed id in the path names nothing anyone owns: answer like any unknown resource.
    if (context === 'params')
      return new ApiError(404, 'not_found', `Nothing was found at ${requestTarget(request)}.`);
    const issues = issuesFromValidation(error.validation as never, context);
    return badRequest(summarize(issues), issues);
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError(
        413,
        'too_large',
        `The request body is larger than ${bodyLimit / 1024 / 1024} MiB. Upload files through /api/v1/files or /api/v1/uploads.`,
      );
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        415,
        'unsupported_media',
        `${requestTarget(request)} takes a JSON body: send it with Content-Type: application/json.`,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest(
        'The body is empty but its Content-Type says JSON: send a JSON object, or no Content-Type.',
      );
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('The body is not valid JSON.');
  }
  if (error.statusCode === 400 && error instanceof SyntaxError)
    return badRequest('The body is not valid JSON.');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (bad URL, bad header, ...): their messages are safe to show.
    return new ApiError(error.statusCode, 'bad_request', error.message || 'The request is not valid.');
  }
  return undefined;
}

/** Every failure becomes the API's error body (docs/api.md "Errors"), through the kit's handler. */
export const errorsPlugin = fp(
  async function errors(app: FastifyInstance) {
    const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
    registerErrorHandlers(app, {
      explain: (error, request) => explainGatewayError(error, request, bodyLimit),
      notFoundMessage: (request) =>
        request.url.startsWith('/api/')
          ? `No API route ${requestTarget(request)}.`
          : `Nothing was found at ${requestTarget(request)}.`,
      // An attacker could search for valid URLs if 404s were free, so they count against the rate limit.
      notFoundPreHandler: app.rateLimit(),
    });
  },
  { name: 'mediakit-errors' },
);
