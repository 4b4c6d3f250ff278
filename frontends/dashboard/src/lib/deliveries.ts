import type { DeliveryAttempt, WebhookDelivery, WebhookEvent } from '../api/types.ts';

/** What an event means, as the add form and the log name it. */
export const EVENT_LABELS: Record<WebhookEvent, string> = {
  'job.succeeded': 'Job succeeded',
  'job.failed': 'Job failed',
  'job.canceled': 'Job canceled',
};

/** How an attempt went, in a few words: the receiver's answer, or why there was none. */
export function attemptOutcome(attempt: DeliveryAttempt): string {
  const ok = attempt.statusCode !== undefined && attempt.statusCode >= 200 && attempt.statusCode < 300;
  if (attempt.statusCode !== undefined && (ok || !attempt.error)) return `HTTP ${attempt.statusCode}`;
  if (attempt.statusCode !== undefined) return `HTTP ${attempt.statusCode}: ${attempt.error}`;
  return attempt.error ?? 'No answer.';
}

/** The delivery's state as a badge reads it, with the next retry when one is due. */
export function deliveryState(
  delivery: WebhookDelivery,
  formatTime: (iso: string) => string,
): { label: string; tone: 'succeeded' | 'failed' | 'running' } {
  if (delivery.status === 'succeeded') return { label: 'Delivered', tone: 'succeeded' };
  if (delivery.status === 'failed') return { label: 'Failed', tone: 'failed' };
  if (delivery.attempts.length === 0) return { label: 'Sending', tone: 'running' };
  return {
    label: delivery.nextAttemptAt ? `Retrying ${formatTime(delivery.nextAttemptAt)}` : 'Retrying',
    tone: 'running',
  };
}
