/**
 * Fakes for the gateway's tests: gRPC clients as plain objects (the real services have their own
 * tests; integration tests run the real stack), a NATS bus the test drives, and a tiny HTTP server
 * standing in for the files service's internal API that records what it received.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, createLogger } from '@mediakit/kit';
import { type authV1, type filesV1, jobsV1 } from '@mediakit/proto';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from 'jose';
import { createAccessTokenVerifier } from '../src/access-tokens.ts';
import { buildApp, type GatewayApp } from '../src/app.ts';
import type { AuthClient, BusMessage, FilesClient, GatewayDeps, JobsClient, UpdateBus } from '../src/deps.ts';

export const OWNER_COOKIE = 'AAAAAAAAAAAAAAAAAAAAAA';
export const OWNER = `guest:${OWNER_COOKIE}`;

export function fakeFile(overrides: Partial<filesV1.File> = {}): filesV1.File {
  return {
    id: 'file1',
    ownerId: OWNER,
    name: 'clip.mp4',
    size: 1234,
    mime: 'video/mp4',
    media: 'video',
    format: 'mp4',
    width: 640,
    height: 360,
    duration: 12.5,
    fps: 30,
    hasAudio: true,
    videoCodec: 'h264',
    audioCodec: 'aac',
    source: 'upload',
    jobId: undefined,
    createdAt: '2025-01-01T00:00:00.000Z',
    expiresAt: '2025-01-01T01:00:00.000Z',
    objectKey: 'objects/secret-key',
    ...overrides,
  };
}

export function fakeJob(overrides: Partial<jobsV1.Job> = {}): jobsV1.Job {
  return {
    id: 'job1',
    ownerId: OWNER,
    tool: 'trim-video',
    status: 'queued',
    progress: 0,
    inputs: ['file1'],
    paramsJson: '{"start":1,"end":2}',
    outputs: [],
    archive: undefined,
    notes: [],
    error: undefined,
    queuePosition: undefined,
    createdAt: '2025-01-01T00:00:00.000Z',
    startedAt: undefined,
    finishedAt: undefined,
    expiresAt: '2025-01-01T01:00:00.000Z',
    ...overrides,
  };
}

export const FREE_PLAN: authV1.Plan = {
  id: 'free',
  name: 'Free',
  price: { amount: 0, currency: 'EUR', interval: 'month' },
  limits: { maxFileBytes: 1_000_000, concurrentJobs: 2, retentionHours: 1, batchSize: 3 },
};

const notFound = (what: string) => () =>
  Promise.reject(new ApiError(404, 'not_found', `${what} was not found.`));
const notInThisTest = () => Promise.reject(new ApiError(501, 'not_available_yet', 'Not faked in this test.'));

/** Every call answers "not found" (or the free plan) until a test replaces the method. */
export function fakeClients(): { files: FilesClient; jobs: JobsClient; auth: AuthClient } {
  return {
    files: {
      getFile: notFound('File'),
      listFiles: async () => ({ items: [], nextCursor: '' }),
      deleteFile: notFound('File'),
      claimOwner: async () => ({ moved: 0 }),
    },
    jobs: {
      createJob: async (request) =>
        fakeJob({
          ownerId: request.ownerId,
          tool: request.tool,
          inputs: request.inputs,
          paramsJson: request.paramsJson,
        }),
      getJob: notFound('Job'),
      listJobs: async () => ({ items: [], nextCursor: '' }),
      cancelJob: notFound('Job'),
      retryJob: notFound('Job'),
      deleteJob: notFound('Job'),
      getStats: async () => ({
        jobs: { total: 0, queued: 0, running: 0, succeeded: 0, failed: 0, canceled: 0 },
      }),
      claimOwner: async () => ({ moved: 0 }),
    },
    auth: {
      getOwnerPlan: async () => FREE_PLAN,
      listPlans: async () => ({ plans: [FREE_PLAN] }),
      getUser: notFound('User'),
      signup: notInThisTest,
      login: notInThisTest,
      refreshToken: notInThisTest,
      logout: notInThisTest,
      updateAccount: notInThisTest,
      changePassword: notInThisTest,
      deleteAccount: notInThisTest,
      getSubscription: notInThisTest,
      changeSubscription: notInThisTest,
      createSessionFromToken: notInThisTest,
      createApiKey: notInThisTest,
      listApiKeys: notInThisTest,
      revokeApiKey: notInThisTest,
      verifyApiKey: () => Promise.reject(new ApiError(401, 'unauthorized', 'No API keys in this test.')),
    },
  };
}

/** Core NATS as the SSE route sees it; `publish` delivers a job update like the jobs service would. */
export class FakeBus implements UpdateBus {
  readonly subscriptions = new Map<string, Set<(error: Error | null, message: BusMessage) => void>>();
  subscribe(subject: string, options: { callback: (error: Error | null, message: BusMessage) => void }) {
    const set = this.subscriptions.get(subject) ?? new Set();
    set.add(options.callback);
    this.subscriptions.set(subject, set);
    return { unsubscribe: () => void set.delete(options.callback) };
  }
  async flush() {}
  publish(subject: string, job: jobsV1.Job) {
    const data = jobsV1.Job.encode(job).finish();
    for (const callback of this.subscriptions.get(subject) ?? []) callback(null, { data });
  }
  listeners(subject: string) {
    return this.subscriptions.get(subject)?.size ?? 0;
  }
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeFilesServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A stand-in for the files service's internal HTTP API. The handler sees the fully read body. */
export async function startFakeFilesServer(
  handler: (request: RecordedRequest, res: ServerResponse, raw: IncomingMessage) => void,
): Promise<FakeFilesServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    requests.push(recorded);
    handler(recorded, res, req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the gateway expects of access tokens (main.ts): this issuer, this audience. */
export const TEST_ISSUER = 'http://localhost:8080/oidc';
export const TEST_AUDIENCE = 'mediakit';

export interface TestIssuer {
  /** The public keys, as the auth service publishes them. */
  jwks: JSONWebKeySet;
  /** An access token as the auth service issues it; every claim and header can be overridden. */
  sign(
    claims?: Record<string, unknown>,
    options?: { expiresIn?: string | number; issuer?: string; audience?: string; kid?: string; typ?: string },
  ): Promise<string>;
}

/** An ES256 signing key standing in for the auth service's key store. */
export async function createTestIssuer(kid = 'test-key-1'): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  return {
    jwks: { keys: [jwk] },
    sign(claims = {}, options = {}) {
      // A `sub` given in claims (even undefined, to leave it out) wins over the default.
      return new SignJWT({ roles: ['user'], sub: 'user1', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? kid, typ: options.typ ?? 'at+jwt' })
        .setIssuer(options.issuer ?? TEST_ISSUER)
        .setAudience(options.audience ?? TEST_AUDIENCE)
        .setIssuedAt()
        .setJti(crypto.randomUUID())
        .setExpirationTime(options.expiresIn ?? '15m')
        .sign(privateKey);
    },
  };
}

/** The issuer every test app trusts unless a test hands in its own verifier. */
export const issuer = await createTestIssuer();

/** `Authorization` of a signed-in user (`user:<sub>` to the gateway). */
export async function bearer(sub = 'user1', claims: Record<string, unknown> = {}) {
  return { authorization: `Bearer ${await issuer.sign({ sub, ...claims })}` };
}

export interface TestApp {
  app: GatewayApp;
  clients: ReturnType<typeof fakeClients>;
  bus: FakeBus;
}

export async function buildTestApp(overrides: Partial<GatewayDeps> = {}): Promise<TestApp> {
  const clients = fakeClients();
  const bus = new FakeBus();
  const deps: GatewayDeps = {
    ...clients,
    nats: bus,
    // Nothing listens on port 9: forwarding fails fast unless a test starts a fake files server.
    filesHttpUrl: 'http://127.0.0.1:9',
    tokens: createAccessTokenVerifier({
      jwks: createLocalJWKSet(issuer.jwks),
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
    }),
    log: createLogger('gateway-test', 'silent'),
    trustProxy: false,
    webRoot: undefined,
    ...overrides,
  };
  const app = await buildApp(deps);
  return { app, clients: { files: deps.files, jobs: deps.jobs, auth: deps.auth }, bus };
}

export const ownerCookie = { cookie: `mk_guest=${OWNER_COOKIE}` };

/** Resolves once `condition` holds (polled every few milliseconds), or fails after about two seconds. */
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('timed out waiting');
}
