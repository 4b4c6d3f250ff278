import type { Logger } from '@mediakit/kit';
import { type OutboundClient, OutboundError } from '@mediakit/outbound';
import type { AttemptOutcome, DeliveryMessage } from './delivery-queue.ts';
import { retryDelayMs } from './retry-schedule.ts';
import { signedHeaders } from './signed-request.ts';
import type { AttemptRecord, DeliveryDoc, DeliveryStatus } from './webhook-docs.ts';
import type { WebhookRepository } from './webhook-repository.ts';
import type { WebhookSecrets } from './webhook-secrets.ts';

/** Each attempt waits this long for the receiver's answer (docs/api.md "Webhooks"). */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** A message back sooner than its delivery's next attempt (a crash between the record and the nak) waits out the rest. */
const EARLY_SLACK_MS = 1000;

const REDIRECT_REFUSED =
  'The endpoint answered with a redirect, which webhooks do not follow: give the address it leads to.';
const TIMED_OUT = new OutboundError('timeout').message;
const ENDPOINT_GONE = 'The endpoint was deleted.';

export interface DeliveryAttemptsDeps {
  repository: WebhookRepository;
  secrets: WebhookSecrets;
  client: Pick<OutboundClient, 'request'>;
  /** WEBHOOK_RETRY_BASE_SECONDS: the first wait of the retry schedule. */
  retryBaseSeconds: number;
  log: Logger;
  now?: () => Date;
}

/**
 * Makes one attempt of a delivery: signs the stored body with the current secret, POSTs it (10 s,
 * no redirects, only to a public address), records the attempt and says whether and when the next
 * one is due. 2xx is success; anything else fails the attempt.
 */
export class DeliveryAttempts {
  private readonly deps: DeliveryAttemptsDeps;
  private readonly now: () => Date;

  constructor(deps: DeliveryAttemptsDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  async run(message: DeliveryMessage): Promise<AttemptOutcome> {
    const delivery = await this.deps.repository.findDelivery(message.deliveryId);
    // Deleted with its endpoint or account, or past retention.
    if (!delivery) return { done: true };
    if (!message.resend) {
      if (delivery.status !== 'pending') return { done: true };
      const wait = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - this.now().getTime() : 0;
      if (wait > EARLY_SLACK_MS) return { done: false, retryInMs: wait };
    }
    const secret = await this.deps.secrets.forDelivery(delivery);
    const record = secret ? await this.send(delivery, secret, message.resend === true) : this.gone(delivery);
    const next = this.nextState(delivery, record, message.resend === true);
    const recorded = await this.deps.repository.recordAttempt(delivery._id, record, next.state);
    this.deps.log.info(
      {
        deliveryId: delivery._id,
        jobId: delivery.jobId,
        attempt: record.attempt,
        statusCode: record.statusCode,
        status: next.state.status,
      },
      'webhook attempt',
    );
    if (!recorded || next.retryInMs === undefined) return { done: true };
    return { done: false, retryInMs: next.retryInMs };
  }

  private async send(delivery: DeliveryDoc, secret: string, resend: boolean): Promise<AttemptRecord> {
    const at = this.now();
    const started = performance.now();
    const base = {
      attempt: delivery.attempts.length + 1,
      at: at.toISOString(),
      ...(resend ? { resend } : {}),
    };
    const signal = AbortSignal.timeout(ATTEMPT_TIMEOUT_MS);
    try {
      const answer = await this.deps.client.request(delivery.url, {
        method: 'POST',
        headers: signedHeaders(secret, delivery._id, delivery.body, at),
        body: delivery.body,
        signal,
        maxRedirects: 0,
      });
      // The answer's body is not read: only its status counts.
      await answer.body.dump().catch(() => undefined);
      const durationMs = Math.round(performance.now() - started);
      const statusCode = answer.statusCode;
      const redirect = statusCode >= 300 && statusCode < 400 ? { error: REDIRECT_REFUSED } : {};
      return { ...base, statusCode, ...redirect, durationMs };
    } catch (error) {
      const durationMs = Math.round(performance.now() - started);
      const sentence = error instanceof OutboundError ? error.message : TIMED_OUT;
      if (!(error instanceof OutboundError) && !signal.aborted)
        this.deps.log.warn({ err: error, deliveryId: delivery._id }, 'a webhook request failed unexpectedly');
      return { ...base, error: sentence, durationMs };
    }
  }

  private gone(delivery: DeliveryDoc): AttemptRecord {
    const at = this.now().toISOString();
    return { attempt: delivery.attempts.length + 1, at, error: ENDPOINT_GONE, durationMs: 0 };
  }

  /**
   * The delivery's state after this attempt. A success ends it. A scheduled attempt that failed
   * waits for the next step of the schedule, or ends the delivery as failed when none is left. A
   * "Send again" that failed changes nothing: a pending delivery keeps its scheduled retries.
   */
  private nextState(
    delivery: DeliveryDoc,
    record: AttemptRecord,
    resend: boolean,
  ): { state: { status: DeliveryStatus; nextAttemptAt?: string }; retryInMs?: number } {
    const ok = record.statusCode !== undefined && record.statusCode >= 200 && record.statusCode < 300;
    if (ok) return { state: { status: 'succeeded' } };
    if (resend) return { state: { status: delivery.status, nextAttemptAt: delivery.nextAttemptAt } };
    if (record.error === ENDPOINT_GONE) return { state: { status: 'failed' } };
    const failedScheduled = delivery.attempts.filter((a) => !a.resend).length + 1;
    const wait = retryDelayMs(failedScheduled, this.deps.retryBaseSeconds);
    if (wait === null) return { state: { status: 'failed' } };
    const nextAttemptAt = new Date(this.now().getTime() + wait).toISOString();
    return { state: { status: 'pending', nextAttemptAt }, retryInMs: wait };
  }
}
