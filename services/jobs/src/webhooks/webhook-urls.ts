import { ApiError, badRequest } from '@mediakit/kit';
import { type AllowedRanges, checkUrl, OutboundError } from '@mediakit/outbound';

/** Longest URL kept (the gateway's schemas say the same). */
export const MAX_URL_LENGTH = 2048;

/** Webhooks belong to accounts: guests (`guest:<id>`) get 401 with this sentence. */
export function requireAccount(ownerId: string): void {
  if (!ownerId.startsWith('user:'))
    throw new ApiError(401, 'unauthorized', 'Please sign in to use webhooks: they belong to an account.');
}

/**
 * A webhook URL as it is saved: http(s), no credentials, not a literal private or local address
 * (@mediakit/outbound checkUrl; a name is checked again, after its lookup, at every attempt). A bad
 * one answers 400 with the outbound sentence on `field`.
 */
export function checkWebhookUrl(text: string, field: string, allowed: AllowedRanges): string {
  if (text.length > MAX_URL_LENGTH) {
    const message = `${field} must be at most ${MAX_URL_LENGTH} characters.`;
    throw badRequest(message, [{ field, message }]);
  }
  try {
    return checkUrl(text, allowed).href;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    throw badRequest(error.message, [{ field, message: error.message }]);
  }
}
