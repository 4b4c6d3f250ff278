/** Response shapes of the API routes the dashboard reads (shared/API.md, docs/api-extensions.md). */

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
export const JOB_STATUSES: readonly JobStatus[] = ['queued', 'running', 'succeeded', 'failed', 'canceled'];

export type MediaKind = 'video' | 'image' | 'audio' | 'archive';

export interface MediaFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  media: MediaKind;
  width?: number;
  height?: number;
  duration?: number;
  fps?: number;
  hasAudio?: boolean;
  source: 'upload' | 'output';
  jobId?: string;
  createdAt: string;
  expiresAt: string;
}

export interface Job {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  inputs: string[];
  params: Record<string, unknown>;
  outputs: MediaFile[];
  archive?: MediaFile;
  error?: { message: string; error_msg?: string; error_log?: string };
  queuePosition?: number;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  expiresAt: string;
}

export interface Stats {
  jobs: Record<'total' | JobStatus, number>;
  files: { count: number; bytes: number };
  /** The id of the plan in effect now. */
  plan: string;
}

export interface Billing {
  name: string;
  address: string;
  country: string;
  vatId?: string;
}

export interface Subscription {
  plan: string;
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  pendingPlan?: string;
  billing?: Billing;
  provider: { kind: string; charges: boolean; notice: string };
}

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

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
