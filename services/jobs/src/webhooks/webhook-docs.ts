import type { webhooksV1 } from '@mediakit/proto';
import type { JobStatus } from '../job.ts';

/** The events an endpoint may ask for (docs/api.md "Webhooks"): one per final state of a job. */
export const WEBHOOK_EVENTS = ['job.succeeded', 'job.failed', 'job.canceled'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const isWebhookEvent = (value: string): value is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(value);

/** The event a job's final state sends, or null while it is not final. */
export function eventOfStatus(status: JobStatus): WebhookEvent | null {
  if (status === 'succeeded' || status === 'failed' || status === 'canceled') return `job.${status}`;
  return null;
}

/** An account's endpoint, in `webhook_endpoints`. */
export interface EndpointDoc {
  _id: string;
  ownerId: string;
  url: string;
  events: WebhookEvent[];
  description?: string;
  /** `whsec_<base64>`: kept as is, since every attempt signs with it (HMAC needs the key itself). */
  secret: string;
  secretCreatedAt: string;
  createdAt: string;
}

/** The secret signing deliveries to jobs' own `webhookUrl`, one per account, in `webhook_job_secrets`. */
export interface JobSecretDoc {
  /** The owner id. */
  _id: string;
  secret: string;
  createdAt: string;
  /** Whether an answer has shown it: it is shown once. */
  shown: boolean;
}

export interface AttemptRecord {
  attempt: number;
  at: string;
  statusCode?: number;
  /** A sentence saying why no answer counts (timeout, unreachable, redirect, private address). */
  error?: string;
  durationMs: number;
  resend?: boolean;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event to one URL, with every attempt, in `webhook_deliveries`. Its id is the webhook-id. */
export interface DeliveryDoc {
  _id: string;
  ownerId: string;
  jobId: string;
  /** Absent for a job's own webhookUrl. */
  endpointId?: string;
  url: string;
  event: WebhookEvent;
  /** The JSON body, fixed at the job's end: every attempt sends (and signs) the same bytes. */
  body: string;
  status: DeliveryStatus;
  attempts: AttemptRecord[];
  nextAttemptAt?: string;
  createdAt: string;
  expiresAt: string;
}

export function endpointToProto(doc: EndpointDoc, secret?: string): webhooksV1.Endpoint {
  return {
    id: doc._id,
    url: doc.url,
    events: [...doc.events],
    description: doc.description || undefined,
    createdAt: doc.createdAt,
    secretCreatedAt: doc.secretCreatedAt,
    secret,
  };
}

export function deliveryToProto(doc: DeliveryDoc): webhooksV1.Delivery {
  return {
    id: doc._id,
    endpointId: doc.endpointId || undefined,
    jobId: doc.jobId,
    url: doc.url,
    event: doc.event,
    status: doc.status,
    attempts: (doc.attempts ?? []).map((a) => ({
      attempt: a.attempt,
      at: a.at,
      statusCode: a.statusCode ?? undefined,
      error: a.error || undefined,
      durationMs: a.durationMs,
      resend: a.resend === true,
    })),
    nextAttemptAt: doc.nextAttemptAt || undefined,
    createdAt: doc.createdAt,
  };
}
