import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from 'fastify';
import { ApiError, badRequest } from '../errors.ts';

export const SORRY = 'Something went wrong on our side. Please try again.';

/** The API error code that goes with an HTTP status (docs/api.md "Errors"). */
export function codeForStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'validation_failed',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    409: 'conflict',
    410: 'gone',
    412: 'precondition_failed',
    413: 'too_large',
    415: 'unsupported_media',
    416: 'range_not_satisfiable',
    422: 'unprocessable',
    429: 'rate_limited',
    501: 'not_available_yet',
  };
  return codes[status] ?? (status >= 500 ? 'internal' : 'error');
}

export const internalError = () => new ApiError(500, 'internal', SORRY);

export interface ErrorHandlerOptions {
  /**
   * This service's own reading of a framework error (a failed schema, a body parser's refusal),
   * tried first; `undefined` leaves the error to the defaults below.
   */
  explain?: (error: FastifyError, request: FastifyRequest) => ApiError | undefined;
  /** The sentence of the 404 for a route that does not exist. */
  notFoundMessage: (request: FastifyRequest) => string;
  /** Runs before that 404 (the gateway counts unknown URLs against the rate limit). */
  notFoundPreHandler?: preHandlerHookHandler;
}

/**
 * Any error a route throws, as the ApiError the caller sees: ours as they are, Fastify's client
 * errors with their (safe) message, anything else a plain 500, because a stack trace or an
 * internal message helps an attacker more than a user.
 */
export function toApiError(error: unknown, request: FastifyRequest, options: ErrorHandlerOptions): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as FastifyError;
  const explained = options.explain?.(fastifyError, request);
  if (explained) return explained;
  if (fastifyError?.validation) {
    const details = fastifyError.validation.map((issue) => ({
      field: issue.instancePath || issue.params?.missingProperty,
      message: issue.message,
    }));
    return badRequest(fastifyError.message ?? 'The request is not valid.', details);
  }
  const status = fastifyError?.statusCode;
  if (status && status >= 400 && status < 500)
    return new ApiError(status, codeForStatus(status), fastifyError.message ?? 'The request is not valid.');
  return internalError();
}

/** Headers a forwarded response may have set that would contradict the error body replacing it. */
const BODY_HEADERS = ['content-length', 'content-disposition', 'content-range', 'content-encoding'];

/**
 * Every failure, and every unknown route, answers the API's error body `{ code, message, details? }`
 * as JSON. Set on the root instance, so it covers every route of the service.
 */
export function registerErrorHandlers(app: FastifyInstance, options: ErrorHandlerOptions): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request, options);
    const body = apiError.toBody();
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status: apiError.status }, body.message);
    if (reply.raw.headersSent) return;
    for (const header of BODY_HEADERS) reply.removeHeader(header);
    return reply.code(apiError.status).type('application/json; charset=utf-8').send(body);
  });

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const body = new ApiError(404, 'not_found', options.notFoundMessage(request)).toBody();
    return reply.code(404).type('application/json; charset=utf-8').send(body);
  };
  if (options.notFoundPreHandler)
    app.setNotFoundHandler({ preHandler: options.notFoundPreHandler }, notFound);
  else app.setNotFoundHandler(notFound);
}

/** Where the request went, short enough to echo back in a message. */
export const requestTarget = (request: FastifyRequest) =>
  `${request.method} ${request.url.split('?')[0].slice(0, 200)}`;
