/**
 * Response shapes of the API routes (docs/api.md), for the shell and, for files and jobs, the
 * remotes too: one definition each, so a change of the API is made in one place.
 */
export interface Tool {
  name: string;
  kind: 'tool' | 'converter';
  media: 'video' | 'image';
  title: string;
  description: string;
  /** `maxPixels`: the most pixels one input may have (docs/api.md "Catalog"); absent from older servers. */
  inputs: { min: number; max: number; accept: string[]; maxPixels?: number };
  params: Record<string, unknown>;
  output: { media: string; formats: string[] };
}

export interface Plan {
  id: string;
  name: string;
  price: { amount: number; currency: string; interval: string };
  limits: { maxFileBytes: number; concurrentJobs: number; retentionHours: number; batchSize: number };
}

export interface ArticleSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  meta_title?: string;
  meta_description?: string;
  keywords?: string[];
}

export interface Article extends ArticleSummary {
  body: string;
  html: string;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface Me {
  sub: string;
  email: string;
  name: string;
  plan: string;
  roles: string[];
}

export type MediaKind = 'video' | 'image' | 'audio' | 'archive';

/** A file record (docs/api.md "Files"): an upload or a job's output. */
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

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
export const JOB_STATUSES: readonly JobStatus[] = ['queued', 'running', 'succeeded', 'failed', 'canceled'];
export const TERMINAL_STATUSES: ReadonlySet<JobStatus> = new Set(['succeeded', 'failed', 'canceled']);

export interface Job {
  id: string;
  tool: string;
  status: JobStatus;
  progress: number;
  inputs: string[];
  params: Record<string, unknown>;
  outputs: MediaFile[];
  archive?: MediaFile;
  /** Sentences about the result to show with it (docs/api.md "Jobs"). */
  notes?: string[];
  error?: { message: string; error_msg?: string; error_log?: string };
  queuePosition?: number;
  /** Told of the job's end, signed (docs/api.md "Webhooks"). */
  webhookUrl?: string;
  createdAt: string;
  startedAt?: string;
  finishedAt?: string;
  expiresAt: string;
}

/** `GET /stats`: the caller's numbers (docs/api.md "Jobs"). */
export interface Stats {
  jobs: Record<'total' | JobStatus, number>;
  files: { count: number; bytes: number };
  /** The id of the plan in effect now. */
  plan: string;
}

/** Billing details of a paid plan (docs/api.md); `country` an ISO 3166-1 alpha-2 code. */
export interface Billing {
  name: string;
  address: string;
  country: string;
  vatId?: string;
}

/** `GET`/`PUT /account/subscription`: the plan now, a downgrade scheduled for the period end. */
export interface Subscription {
  plan: string;
  status: string;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  pendingPlan?: string;
  billing?: Billing;
  /** Who takes payments; `charges: false` means plan changes are recorded and nothing is charged. */
  provider: { kind: string; charges: boolean; notice: string };
}
