/**
 * One error type for the whole platform. It carries what the API's error body needs
 * (docs/api.md "Conventions"); the gRPC helpers carry it across service boundaries intact and
 * the gateway turns it into the HTTP response.
 */
export interface ApiErrorBody {
  code: string;
  message: string;
  error_msg?: string;
  error_log?: string;
  details?: unknown[];
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details?: unknown[];
  readonly errorLog?: string;

  constructor(
    status: number,
    code: string,
    message: string,
    extra: { details?: unknown[]; errorLog?: string } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = extra.details;
    this.errorLog = extra.errorLog;
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { code: this.code, message: this.message };
    if (this.details?.length) body.details = this.details;
    if (this.errorLog) body.error_log = this.errorLog;
    return body;
  }
}

export const badRequest = (message: string, details?: unknown[]) =>
  new ApiError(400, 'validation_failed', message, { details });
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} was not found.`);
export const conflict = (message: string) => new ApiError(409, 'conflict', message);
export const tooLarge = (message: string) => new ApiError(413, 'too_large', message);
export const unsupportedMedia = (message: string) => new ApiError(415, 'unsupported_media', message);
export const unprocessable = (message: string) => new ApiError(422, 'unprocessable', message);
export const notImplemented = (message: string) => new ApiError(501, 'not_available_yet', message);

/** Thrown by storage adapters when a key or document is missing. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}
