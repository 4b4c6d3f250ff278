import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DocumentStore, type Logger, openMailSender } from '@mediakit/kit';
import type { AccountService } from '../account-service.ts';
import { type AuthConfig, originsFrom } from '../env.ts';
import type { PasswordHasher } from '../password-hasher.ts';
import type { SessionRepository } from '../session-repository.ts';
import type { SessionService } from '../session-service.ts';
import type { SigningKeys } from '../signing-keys.ts';
import type { UserRepository } from '../user-repository.ts';
import { STYLESHEET, STYLESHEET_ETAG } from './assets.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import { CsrfTokens } from './csrf.ts';
import { OidcDocumentStorage } from './document-adapter.ts';
import { interactionPages, type PageRequest, send } from './interactions.ts';
import { OriginProviders } from './origin-providers.ts';
import { renderMessage } from './pages.ts';
import { PasswordResetService } from './password-reset.ts';
import { apiResource, createOidcProvider, issuerAt } from './provider.ts';
import { loadCookieKeys } from './secrets.ts';
import { SessionExchange } from './session-exchange.ts';
import { userinfoHandler } from './userinfo.ts';

/** Answers one request under `/oidc` (the JWKS aside, which http-server.ts keeps answering itself). */
export type OidcHandler = (page: PageRequest) => Promise<void>;

export interface RunningOidc {
  handle: OidcHandler;
  storage: OidcDocumentStorage;
  resets: PasswordResetService;
  /** Turns the code flow's access token into an app session (CreateSessionFromToken). */
  exchange: SessionExchange;
}

/**
 * Wires the built-in OpenID Provider: the document-store adapter, the provider,
 * its pages, userinfo and the stylesheet, in the order a request under /oidc tries them.
 */
export async function startOidc(options: {
  config: AuthConfig;
  store: DocumentStore;
  log: Logger;
  keys: SigningKeys;
  users: UserRepository;
  sessionRepository: SessionRepository;
  sessions: SessionService;
  accounts: AccountService;
  hasher: PasswordHasher;
  now?: () => number;
}): Promise<RunningOidc> {
  const { config, store, log, keys, users } = options;
  const origins = originsFrom(config);
  const storage = new OidcDocumentStorage(store, { now: options.now });
  await storage.createIndexes();
  // Expired entries are deleted by the auth sweeper (start-auth.ts, AUTH_SWEEP_INTERVAL_SECONDS).

  const cookieKeys = await loadCookieKeys(config.OIDC_COOKIE_KEYS, store);
  const mail = openMailSender(config, log);
  const resets = new PasswordResetService(store, {
    users,
    hasher: options.hasher,
    sessions: options.sessionRepository,
    oidc: storage,
    mail,
    passwordRules: config,
    ttlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
    log,
    now: options.now,
  });
  await resets.createIndexes();
  // Shared by every origin's pages: the attempt limits count a person, whatever address they use.
  const csrf = new CsrfTokens(cookieKeys);
  const limiter = new AttemptLimiter({
    windowMs: config.SIGN_IN_ATTEMPT_WINDOW_MINUTES * 60_000,
    now: options.now,
  });

  const providers = new OriginProviders(origins, (origin) => {
    const pages = { publicUrl: origin };
    const provider = createOidcProvider({
      origin,
      webClientId: config.OIDC_CLIENT_ID,
      keys,
      users,
      storage,
      cookieKeys,
      accessTokenTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      pages,
    });
    provider.on('server_error', (_ctx, error) => log.error({ err: error }, 'OpenID Provider error'));
    provider.on('grant.revoked', (_ctx, grantId) => log.info({ grantId }, 'OpenID Provider grant revoked'));
    log.info({ issuer: issuerAt(origin), client: config.OIDC_CLIENT_ID }, 'OpenID Provider ready');
    return {
      pages: interactionPages({
        provider,
        pages,
        csrf,
        limiter,
        limits: { perIp: config.SIGN_IN_ATTEMPTS_PER_IP, perEmail: config.SIGN_IN_ATTEMPTS_PER_EMAIL },
        accounts: options.accounts,
        users,
        hasher: options.hasher,
        resets,
        passwordRules: config,
        resetTtlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
        webClientId: config.OIDC_CLIENT_ID,
        apiResource: apiResource(origin),
        log,
      }),
      userinfo: userinfoHandler({ keys, users, issuer: issuerAt(origin) }),
      callback: provider.callback(),
    };
  });
  // The canonical origin's provider is built now, so a broken configuration shows at start.
  providers.at(origins.canonical);

  const handle: OidcHandler = async (page) => {
    const { req, res, path } = page;
    if (path === '/assets/mediakit.css') return stylesheet(req, res);
    const found = providers.forRequest(req);
    if (!found) {
      log.warn(
        { host: req.headers['x-forwarded-host'] ?? req.headers.host },
        'sign-in asked at an unknown address',
      );
      return sendElsewhere(res, origins.canonical);
    }
    const { userinfo, pages: pagesHandler, callback } = found.at;
    if (path === '/me' && (req.method === 'GET' || req.method === 'POST')) return userinfo(req, res);
    if (await pagesHandler(page)) return;
    // oidc-provider's own routes, relative to its mount path (the issuer's path, /oidc).
    const original = req.url ?? '/';
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = original;
    req.url = original.slice('/oidc'.length) || '/';
    // oidc-provider adds the hash of its own inline scripts (form_post) to a script-src it finds;
    // the gateway keeps those hashes and sets the real policy.
    res.setHeader('content-security-policy', "script-src 'self'");
    callback(req, res);
  };
  const exchange = new SessionExchange(store, {
    keys,
    sessions: options.sessions,
    issuers: (issuer) => origins.allowsIssuer(issuer),
    clientId: config.OIDC_CLIENT_ID,
    now: options.now,
  });
  await exchange.createIndexes();
  return { handle, storage, resets, exchange };

  function stylesheet(req: IncomingMessage, res: ServerResponse): void {
    if (req.headers['if-none-match'] === STYLESHEET_ETAG) {
      res.writeHead(304, { etag: STYLESHEET_ETAG });
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/css; charset=utf-8',
      'content-length': Buffer.byteLength(STYLESHEET),
      'cache-control': 'public, max-age=3600',
      etag: STYLESHEET_ETAG,
    });
    res.end(req.method === 'HEAD' ? undefined : STYLESHEET);
  }
}

/**
 * A request for an address browsers may not sign in at (a Host that is not this machine's, or not
 * PUBLIC_URL's): 421 Misdirected Request, naming only the address that works.
 */
function sendElsewhere(res: ServerResponse, canonical: string): void {
  send(
    res,
    421,
    renderMessage(
      { publicUrl: canonical },
      {
        title: 'Sign in at Mediakit’s own address',
        message: `Sign-in works at ${canonical}. Open Mediakit there to sign in.`,
        link: { href: `${canonical}/?login=true`, text: `Open ${canonical}` },
      },
    ),
  );
}

/** A page for a request the provider's pages could not answer (an error of ours). */
export function sendOidcFailure(res: ServerResponse, publicUrl: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  send(
    res,
    500,
    renderMessage(
      { publicUrl },
      {
        title: 'Something went wrong',
        message: 'Something went wrong on our side. Please try again in a moment.',
      },
    ),
  );
}
