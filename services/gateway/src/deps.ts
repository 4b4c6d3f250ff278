import type { AsyncClient, Logger } from '@mediakit/kit';
import type { authV1, contentV1, filesV1, jobsV1 } from '@mediakit/proto';
import type { AccessTokenVerifier } from './access-tokens.ts';

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
>;
export type ContentClient = Pick<AsyncClient<contentV1.ContentServiceClient>, 'getArticle'>;

/** One message of a core NATS subscription: the gateway only reads its bytes. */
export interface BusMessage {
  data: Uint8Array;
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
  /** Only for the health check; the content routes come with their own issue. */
  content?: ContentClient;
  nats: UpdateBus;
  /** Base URL of the files service's internal HTTP API (uploads and downloads stream through it). */
  filesHttpUrl: string;
  /** Built web shell to serve; a placeholder page is served when absent or empty. */
  webRoot?: string;
  log: Logger;
  /** Trust X-Forwarded-For / X-Forwarded-Proto (only behind a proxy that sets them). */
  trustProxy: boolean;
  rateLimit?: {
    perMinute: number;
    writesPerMinute: number;
    /** Sign-up, login and refresh per address: the routes that guess passwords and tokens. */
    authPerMinute?: number;
  };
}
