import type { PixelLimits } from '@mediakit/catalog';
import type { AsyncClient, Logger, PublicOrigins, traceFromHeaders } from '@mediakit/kit';
import type { authV1, contentV1, filesV1, jobsV1, webhooksV1 } from '@mediakit/proto';
import type { AccessTokenVerifier } from './access-tokens.ts';
import type { DownloadLinks } from './download-links.ts';
import type { ServerTimeouts } from './plugins/security.ts';
import type { AuthClientConfig } from './routes/auth-config.ts';
import type { WebSettings } from './web/settings.ts';

/**
 * What the gateway talks to, narrowed to the calls it makes, so tests can hand in plain objects
 * and the real gRPC clients (createGrpcClient) fit as they are.
 */
export type FilesClient = Pick<
  AsyncClient<filesV1.FilesServiceClient>,
  'getFile' | 'listFiles' | 'deleteFile' | 'claimOwner'
>;
export type JobsClient = Pick<
  AsyncClient<jobsV1.JobsServiceClient>,
  'createJob' | 'getJob' | 'listJobs' | 'cancelJob' | 'retryJob' | 'deleteJob' | 'getStats' | 'claimOwner'
>;
/** Webhooks, served by the jobs service (routes/webhooks.ts). */
export type WebhooksClient = AsyncClient<webhooksV1.WebhooksServiceClient>;
export type AuthClient = Pick<
  AsyncClient<authV1.AuthServiceClient>,
  | 'getOwnerPlan'
  | 'listPlans'
  | 'getUser'
  | 'signup'
  | 'login'
  | 'refreshToken'
  | 'logout'
  | 'updateAccount'
  | 'changePassword'
  | 'deleteAccount'
  | 'createSessionFromToken'
  | 'getSubscription'
  | 'changeSubscription'
  | 'createApiKey'
  | 'listApiKeys'
  | 'revokeApiKey'
  | 'verifyApiKey'
>;
export type ContentClient = Pick<AsyncClient<contentV1.ContentServiceClient>, 'getArticle'>;
/** Every content call the blog, contact and ticket routes make. */
export type ContentApiClient = Pick<
  AsyncClient<contentV1.ContentServiceClient>,
  | 'getArticle'
  | 'listArticles'
  | 'createArticle'
  | 'updateArticle'
  | 'deleteArticle'
  | 'submitContact'
  | 'createTicket'
  | 'listTickets'
  | 'getTicket'
  | 'addTicketMessage'
  | 'setTicketStatus'
>;
/** The admin-only roles call (routes/admin-users.ts), apart from AuthClient so test fakes need not grow. */
export type UserRolesClient = Pick<AsyncClient<authV1.AuthServiceClient>, 'setUserRoles'>;

/** One message of a core NATS subscription: its bytes, and headers carrying the job's trace. */
export interface BusMessage {
  data: Uint8Array;
  headers?: Parameters<typeof traceFromHeaders>[0];
}

/** The part of a NatsConnection the gateway uses: job updates for SSE, and a round trip for health. */
export interface UpdateBus {
  subscribe(
    subject: string,
    options: { callback: (error: Error | null, message: BusMessage) => void },
  ): { unsubscribe(): void };
  /** Resolves once the server has seen everything sent so far (so a subscription is active). */
  flush(): Promise<void>;
}

export interface GatewayDeps {
  files: FilesClient;
  jobs: JobsClient;
  auth: AuthClient;
  /** Checks `Authorization: Bearer` access tokens (against the issuer's JWKS in production). */
  tokens: AccessTokenVerifier;
  /** What `GET /auth/config` tells the web shell (routes/auth-config.ts); the route is absent without it. */
  authClientConfig?: AuthClientConfig;
  /** The auth service's HTTP server: `/oidc/*` is proxied there (routes/oidc-proxy.ts); absent in unit tests. */
  authHttpUrl?: string;
  /** `<PUBLIC_URL>` when set: every answer carries HSTS when it is https. */
  publicUrl?: string;
  /**
   * Where browsers may sign in (packages/kit public-origins.ts): the /oidc pages' CSP names the
   * request's origin from it. Default: PUBLIC_URL's (`publicUrl`) or http://localhost:8080 alone.
   */
  origins?: PublicOrigins;
  /** Only for the health check and the web pages' heads. */
  content?: ContentClient;
  /** The blog, contact form and tickets (routes/blog.ts, contact.ts, tickets.ts; in production the same
   * client as `content`); those routes are absent without it. */
  contentApi?: ContentApiClient;
  /** Webhook endpoints and deliveries (routes/webhooks.ts); those routes are absent without it. */
  webhooks?: WebhooksClient;
  /** `PUT /admin/users/{id}/roles` (routes/admin-users.ts); the route is absent without it. */
  userRoles?: UserRolesClient;
  /** The services' DATA_DIR when no SMTP server is set: `/dev/mailbox` shows its mails (routes/dev-mailbox.ts). */
  devMailboxDir?: string;
  nats: UpdateBus;
  /** Signs `POST /files/{id}/link` URLs (download-links.ts); a per-process secret when absent. */
  downloadLinks?: DownloadLinks;
  /** Base URL of the files service's internal HTTP API (uploads and downloads stream through it). */
  filesHttpUrl: string;
  /** Built web shell to serve; a placeholder page is served when absent or empty. */
  webRoot?: string;
  /** Remotes, public URL and other settings of the web pages (web/settings.ts). */
  web?: WebSettings;
  log: Logger;
  /** Trust X-Forwarded-For / X-Forwarded-Proto (only behind a proxy that sets them). */
  trustProxy: boolean;
  /** Time limits of the HTTP server (plugins/security.ts); DEFAULT_TIMEOUTS when absent. */
  timeouts?: ServerTimeouts;
  /** The workers' per-input pixel limits for the catalog's `inputs.maxPixels`; the defaults when absent. */
  pixelLimits?: PixelLimits;
  rateLimit?: {
    perMinute: number;
    writesPerMinute: number;
    /** Sign-up, login and refresh per address: the routes that guess passwords and tokens. */
    authPerMinute?: number;
    /** Contact-form messages per client address and hour (each one sends an email). */
    contactPerHour?: number;
  };
}
