import { ApiError, badRequest } from '@mediakit/kit';
import type { FastifyError, FastifyInstance } from 'fastify';

/** The API error code that goes with an HTTP status (API.md "Conventions"). */
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

export const internalError = () =>
  new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.');

/** Any error a route throws, as the ApiError the caller should see; ours are logged. */
export function toApiError(error: unknown, log: { error(obj: unknown, msg: string): void }): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as Partial<FastifyError> | null;
  if (fastifyError?.validation) {
    const details = fastifyError.validation.map((issue) => ({
      field: issue.instancePath || issue.params?.missingProperty,
      message: issue.message,
    }));
    return badRequest(fastifyError.message ?? 'The request is not valid.', details);
  }
  const status = fastifyError?.statusCode;
  if (status && status >= 400 && status < 500)
    return new ApiError(status, codeForStatus(status), fastifyError?.message ?? 'The request is not valid.');
  log.error({ err: error }, 'request failed');
  return internalError();
}

/** Every error, and every unknown route, answers the API error body. */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error, request.log);
    void reply.code(apiError.status).type('application/json; charset=utf-8').send(apiError.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const error = new ApiError(
      404,
      'not_found',
      `There is no ${request.method} ${request.url.split('?')[0]} here.`,
    );
    void reply.code(404).type('application/json; charset=utf-8').send(error.toBody());
  });
}
