/** Response shapes of the API routes the dashboard reads (docs/api.md). */

export {
  type Billing,
  JOB_STATUSES,
  type Job,
  type JobStatus,
  type MediaFile,
  type MediaKind,
  type Page,
  type Stats,
  type Subscription,
} from '@mediakit/web-api/types';

export interface TicketMessage {
  id: string;
  author: 'user' | 'staff';
  authorName: string;
  message: string;
  createdAt: string;
}

export interface TicketSummary {
  id: string;
  subject: string;
  status: 'open' | 'closed';
  source: 'contact' | 'account';
  email: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  lastMessageAt: string;
  messageCount: number;
}

export interface Ticket extends TicketSummary {
  messages: TicketMessage[];
}

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string | null;
  meta_title: string;
  meta_description: string;
  keywords: string[];
  status: 'draft' | 'published';
  createdAt: string;
  updatedAt: string;
  coverUrl: string | null;
}

export interface Article extends ArticleSummary {
  body: string;
  html: string;
}

/** An API key as `GET /account/api-keys` lists it (docs/api.md "API keys and scopes"). */
export interface ApiKey {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

/** `POST /account/api-keys`: the key and its secret, which no later answer repeats. */
export interface CreatedApiKey {
  key: ApiKey;
  secret: string;
}

/** The events a webhook endpoint may ask for (docs/api.md "Webhooks"). */
export const WEBHOOK_EVENTS = ['job.succeeded', 'job.failed', 'job.canceled'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEvent[];
  description?: string;
  createdAt: string;
  secretCreatedAt: string;
  /** Only in the answer that created or rotated it. */
  secret?: string;
}

export interface WebhookJobSecret {
  secret?: string;
  createdAt: string;
}

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  statusCode?: number;
  error?: string;
  durationMs: number;
  resend?: boolean;
}

export interface WebhookDelivery {
  id: string;
  endpointId?: string;
  jobId: string;
  url: string;
  event: WebhookEvent;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: DeliveryAttempt[];
  nextAttemptAt?: string;
  createdAt: string;
}
