import {
  addService,
  type DocumentStore,
  type Logger,
  type NatsConnection,
  publishAccountDeleted,
  serveGrpc,
} from '@mediakit/kit';
import { authV1 } from '@mediakit/proto';
import { AccountDeletion } from './account-deletion.ts';
import { AccountService } from './account-service.ts';
import { ApiKeyRepository } from './api-keys/api-key-repository.ts';
import { ApiKeyService } from './api-keys/api-key-service.ts';
import { type AuthConfig, originsFrom } from './env.ts';
import { startExternalIdp, withExternalIdp } from './external-idp/external-idp.ts';
import { type AuthRpcs, authGrpcHandlers } from './grpc-handlers.ts';
import { startHttpServer } from './http-server.ts';
import { type RunningOidc, startOidc } from './oidc/start-oidc.ts';
import { PasswordHasher } from './password-hasher.ts';
import type { PaymentProvider } from './payments/payment-provider.ts';
import { PaymentRepository } from './payments/payment-repository.ts';
import { RecordOnlyPaymentProvider } from './payments/record-only-payment-provider.ts';
import { plansFromConfig } from './plans.ts';
import { SessionRepository } from './session-repository.ts';
import { SessionService } from './session-service.ts';
import { SigningKeys } from './signing-keys.ts';
import { SubscriptionRepository } from './subscriptions/subscription-repository.ts';
import { SubscriptionService } from './subscriptions/subscription-service.ts';
import { AuthSweeper, deadPasswordResetsTask, deadSessionsTask } from './sweeper.ts';
import { TokenIssuer } from './token-issuer.ts';
import { UserRepository } from './user-repository.ts';

export interface RunningAuth {
  grpcPort: number;
  httpPort: number;
  keys: SigningKeys;
  accounts: AccountService;
  sessions: SessionService;
  /** The built-in OpenID Provider; absent when an external issuer replaces it. */
  oidc?: RunningOidc;
  subscriptions: SubscriptionService;
  apiKeys: ApiKeyService;
  sweeper: AuthSweeper;
}

/**
 * Wires the auth service on an open document store and starts its gRPC and HTTP servers. main.ts
 * calls it under runService; the tests call it directly, on port 0 and a temporary store.
 */
export async function startAuth(options: {
  config: AuthConfig;
  store: DocumentStore;
  log: Logger;
  onShutdown(step: () => Promise<unknown>): void;
  /** The sessions' clock, in epoch milliseconds (tests). */
  now?: () => number;
  /** Where account deletions are announced (main.ts); tests without NATS leave them in the outbox. */
  nats?: NatsConnection;
  /** Takes plan changes; the record-only default charges nothing (payments/). */
  payments?: PaymentProvider;
}): Promise<RunningAuth> {
  const { config, store, log, onShutdown } = options;
  const users = new UserRepository(store);
  const sessionRepository = new SessionRepository(store);
  await users.createIndexes();
  await sessionRepository.createIndexes();
  const subscriptionRepository = new SubscriptionRepository(store);
  const paymentRepository = new PaymentRepository(store);
  await subscriptionRepository.createIndexes();
  await paymentRepository.createIndexes();
  const apiKeyRepository = new ApiKeyRepository(store);
  await apiKeyRepository.createIndexes();
  const apiKeys = new ApiKeyService({
    keys: apiKeyRepository,
    rolesOf: async (sub) => (await users.findById(sub))?.roles ?? null,
    now: options.now,
  });

  const keys = config.JWT_PRIVATE_KEYS
    ? await SigningKeys.fromText(config.JWT_PRIVATE_KEYS)
    : await SigningKeys.fromStore(store);
  log.info(
    { kid: keys.current().kid, source: config.JWT_PRIVATE_KEYS ? 'env' : 'store' },
    'signing key loaded',
  );

  const plans = plansFromConfig(config);
  const subscriptions = new SubscriptionService({
    subscriptions: subscriptionRepository,
    users,
    plans,
    payments: options.payments ?? new RecordOnlyPaymentProvider(paymentRepository, options.now),
    log,
    now: options.now,
  });
  const nats = options.nats;
  // The built-in provider starts further down (it needs the accounts); its grants and sessions of a
  // deleted user go with the account too.
  let removeProviderEntries: ((sub: string) => Promise<unknown>) | undefined;
  const deletion = new AccountDeletion({
    store,
    removeData: async (sub) => {
      await subscriptions.deleteOf(sub);
      await paymentRepository.deleteAllOf(sub);
      await apiKeys.deleteAllOf(sub);
      await removeProviderEntries?.(sub);
    },
    publish: nats ? (sub) => publishAccountDeleted(nats, sub) : undefined,
    log,
    now: options.now,
  });

  const hasher = new PasswordHasher(config);
  const accounts = new AccountService({
    users,
    sessions: sessionRepository,
    hasher,
    passwordRules: config,
    adminEmail: config.ADMIN_EMAIL,
    plans,
    planOf: (sub) => subscriptions.effectivePlanId(sub),
    deletion,
  });
  await accounts.ensureAdmin();
  const sessions = new SessionService({
    users,
    sessions: sessionRepository,
    hasher,
    // The app session's tokens have one issuer, the canonical origin's, whatever address signed in.
    tokens: new TokenIssuer(keys, {
      issuer: `${originsFrom(config).canonical}/oidc`,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    }),
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    log,
    now: options.now,
  });

  // OIDC_ISSUER set: an external issuer (a Keycloak realm) owns sign-in; null keeps the built-in one.
  const external = await startExternalIdp({ config, store, log });

  // Without an external issuer, the built-in OpenID Provider serves sign-in at <origin>/oidc.
  const oidc = external
    ? undefined
    : await startOidc({
        config,
        store,
        log,
        keys,
        users,
        sessionRepository,
        sessions,
        accounts,
        hasher,
        now: options.now,
      });
  if (oidc) removeProviderEntries = (sub) => oidc.storage.deleteAccount(sub);

  const grpcPort = await serveGrpc({
    address: `${config.HOST}:${config.GRPC_PORT}`,
    log,
    onShutdown,
    register: (server) =>
      addService<AuthRpcs>(
        server,
        authV1.AuthServiceService,
        withExternalIdp(
          authGrpcHandlers(accounts, sessions, subscriptions, apiKeys, oidc?.exchange, removeProviderEntries),
          external,
        ),
        log,
      ),
  });
  const http = await startHttpServer({
    host: config.HOST,
    port: config.HTTP_PORT,
    keys,
    checks: { documents: () => store.ping() },
    oidc: oidc?.handle,
    trustedProxies: config.OIDC_TRUSTED_PROXIES.split(',').map((address) => address.trim()),
    publicUrl: originsFrom(config).canonical,
    log,
  });
  onShutdown(() => new Promise((resolve) => http.server.close(resolve)));
  log.info({ port: http.port }, 'HTTP listening');

  // Dead sessions and reset links, due downgrades, unannounced account deletions (sweeper.ts).
  const sweeper = new AuthSweeper({
    tasks: [
      deadSessionsTask(sessionRepository),
      deadPasswordResetsTask(store),
      ...(oidc
        ? [
            { name: 'oidcEntries', run: () => oidc.storage.sweep() },
            { name: 'sessionExchanges', run: (now: Date) => oidc.exchange.sweep(now) },
          ]
        : []),
      { name: 'subscriptions', run: (now) => subscriptions.settleDue(now) },
      { name: 'accountDeletions', run: () => deletion.announcePending() },
    ],
    intervalMs: config.AUTH_SWEEP_INTERVAL_SECONDS * 1000,
    log,
    now: options.now,
  });
  sweeper.start();
  onShutdown(() => sweeper.stop());
  return { grpcPort, httpPort: http.port, keys, accounts, sessions, subscriptions, apiKeys, sweeper, oidc };
}
