/**
 * Retries an S3 call through a short outage of the server (a gateway restarting, a connection
 * reset, a 503): about 10 s of backoff, then the last error stands. Only for calls whose body is
 * in memory (a Buffer, or none), so a retry sends the same bytes; never for the wrong key or a
 * refused request, which fail at once.
 */
export async function withS3Retry<T>(call: () => Promise<T>, delaysMs = S3_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || !isTransientS3Error(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export const S3_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 3000, 3000];

/** Network errors of the socket, and the answers S3 servers give when they are busy or starting. */
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
  'RequestTimeout',
]);

export function isTransientS3Error(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT.has(code);
}
