/** Response shapes of the API routes the shell reads (shared/API.md). */
export interface Tool {
  name: string;
  kind: 'tool' | 'converter';
  media: 'video' | 'image';
  title: string;
  description: string;
  inputs: { min: number; max: number; accept: string[] };
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
