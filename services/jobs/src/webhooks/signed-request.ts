import type { PublicJob } from '@mediakit/kit';
import { Webhook } from 'standardwebhooks';
import type { WebhookEvent } from './webhook-docs.ts';

/** The body of every delivery (docs/api.md "Webhooks"): the event, when it happened, the job. */
export interface WebhookPayload {
  type: WebhookEvent;
  timestamp: string;
  data: PublicJob;
}

export function payloadBody(type: WebhookEvent, timestamp: string, job: PublicJob): string {
  const payload: WebhookPayload = { type, timestamp, data: job };
  return JSON.stringify(payload);
}

/**
 * The headers of one attempt, signed the Standard Webhooks way by its reference library:
 * `webhook-id` (the delivery's, the same on every attempt), `webhook-timestamp` (this attempt's, in
 * seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`). A receiver
 * refuses an old timestamp, so a recorded delivery cannot be replayed later.
 */
export function signedHeaders(
  secret: string,
  deliveryId: string,
  body: string,
  at: Date,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Mediakit-Webhooks/1',
    'webhook-id': deliveryId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(deliveryId, at, body),
  };
}

/** A new signing secret: `whsec_` and 32 random bytes in base64, the Standard Webhooks form. */
export function newSigningSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64')}`;
}
