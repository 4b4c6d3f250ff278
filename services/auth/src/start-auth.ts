import { addService, type DocumentStore, type Logger, serveGrpc } from '@mediakit/kit';
import { authV1 } from '@mediakit/proto';
import { AccountService } from './account-service.ts';
import { type AuthConfig, issuerFrom } from './env.ts';
import { type AuthRpcs, authGrpcHandlers } from './grpc-handlers.ts';
import { startHttpServer } from './http-server.ts';
import { PasswordHasher } from './password-hasher.ts';
import { plansFromConfig } from './plans.ts';
import { SessionRepository } from './session-repository.ts';
import { SessionService } from './session-service.ts';
import { SigningKeys } from './signing-keys.ts';
import { TokenIssuer } from './token-issuer.ts';
import { UserRepository } from './user-repository.ts';

export interface RunningAuth {
  grpcPort: number;
  httpPort: number;
  keys: SigningKeys;
  accounts: AccountService;
  sessions: SessionService;
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
}): Promise<RunningAuth> {
  const { config, store, log, onShutdown } = options;
  const users = new UserRepository(store);
  const sessionRepository = new SessionRepository(store);
  await users.createIndexes();
  await sessionRepository.createIndexes();

  const keys = config.JWT_PRIVATE_KEYS
    ? await SigningKeys.fromText(config.JWT_PRIVATE_KEYS)
    : await SigningKeys.fromStore(store);
  log.info(
    { kid: keys.current().kid, source: config.JWT_PRIVATE_KEYS ? 'env' : 'store' },
    'signing key loaded',
  );

  const hasher = new PasswordHasher(config);
  const accounts = new AccountService({
    users,
    sessions: sessionRepository,
    hasher,
    passwordRules: config,
    adminEmail: config.ADMIN_EMAIL,
    plans: plansFromConfig(config),
  });
  await accounts.ensureAdmin();
  const sessions = new SessionService({
    users,
    sessions: sessionRepository,
    hasher,
    tokens: new TokenIssuer(keys, {
      issuer: issuerFrom(config),
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    }),
    refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    log,
    now: options.now,
  });

  const grpcPort = await serveGrpc({
    address: `${config.HOST}:${config.GRPC_PORT}`,
    log,
    onShutdown,
    register: (server) =>
      addService<AuthRpcs>(server, authV1.AuthServiceService, authGrpcHandlers(accounts, sessions), log),
  });
  const http = await startHttpServer({
    host: config.HOST,
    port: config.HTTP_PORT,
    keys,
    checks: { documents: () => store.ping() },
  });
  onShutdown(() => new Promise((resolve) => http.server.close(resolve)));
  log.info({ port: http.port }, 'HTTP listening');
  return { grpcPort, httpPort: http.port, keys, accounts, sessions };
}
