import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { Provider } from 'oidc-provider';

/**
 * A stand-in for a Keycloak realm, for tests only.
 *
 * Keycloak itself cannot run where these tests run (no Docker, no Java), so a real OpenID Provider
 * (`oidc-provider`) plays the realm: its own ES256 keys and discovery document, an issuer shaped
 * like Keycloak's (`<origin>/realms/<realm>`), a public client `mediakit-web` that may refresh
 * (with `offline_access`) and revoke, and JWT access tokens carrying Keycloak's claims
 * (`realm_access.roles`, `email`, `name`). Two differences from Keycloak stay visible on purpose:
 * oidc-provider types its access tokens `at+jwt` (Keycloak: `JWT` with a payload `typ: Bearer`)
 * and names the client in `client_id` (Keycloak: `azp`); the gateway accepts both shapes.
 *
 * Users sign in without a form: the authorization request's `login_hint` names one of the realm's
 * users and the interaction is finished for them at once, so a test can drive the real
 * authorization code flow (PKCE S256) with plain HTTP requests. The realm's state lives in
 * oidc-provider's in-memory development adapter (it prints a warning saying so), which is all a
 * test needs.
 */

export interface RealmUser {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  /** Keycloak realm roles: they travel as `realm_access.roles`. */
  roles?: string[];
}

export interface RealmTokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
}

export interface TestRealm {
  /** `http://127.0.0.1:<port>/realms/<realm>`. */
  issuer: string;
  clientId: string;
  /** The authorization code flow for a user of the realm, ending with the token response. */
  signIn(user: RealmUser): Promise<RealmTokens>;
  /** The realm's own refresh, as keycloak-js would do it from the browser. */
  refresh(refreshToken: string): Promise<{ status: number; body: Record<string, unknown> }>;
  /**
   * What happened at the realm, in order: `grant:<grant_type>` for tokens issued,
   * `grant-error:<error>` for refused token requests, `revoked` for revoked grants.
   */
  events: string[];
  close(): Promise<void>;
}

const REDIRECT_URI = 'http://127.0.0.1/auth/callback';
const SCOPES = 'openid email profile offline_access';

export async function startTestRealm(
  options: { realm?: string; clientId?: string } = {},
): Promise<TestRealm> {
  const realm = options.realm ?? 'mediakit';
  const clientId = options.clientId ?? 'mediakit-web';
  const users = new Map<string, RealmUser>();
  const events: string[] = [];

  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: `${realm}-${randomBytes(4).toString('hex')}`,
    alg: 'ES256',
    use: 'sig',
  };

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mountPath = `/realms/${realm}`;
  const issuer = `${origin}${mountPath}`;
  // The API as a resource server: JWT access tokens are only issued for a resource indicator.
  const apiResource = `${origin}/api`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [REDIRECT_URI],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    scopes: ['openid', 'offline_access', 'email', 'profile'],
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    features: {
      devInteractions: { enabled: false },
      // A public client may revoke its own tokens, as at Keycloak.
      revocation: { enabled: true, allowedPolicy: () => true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => apiResource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: '',
          audience: 'account',
          accessTokenFormat: 'jwt',
          accessTokenTTL: 300,
          jwt: { sign: { alg: 'ES256' } },
        }),
      },
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: unknown, sub: string) {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified ?? true,
          name: user.name,
        }),
      };
    },
    // Keycloak puts the profile and the realm roles into its access tokens.
    async extraTokenClaims(_ctx: unknown, token: { accountId?: string }) {
      const user = token.accountId ? users.get(token.accountId) : undefined;
      if (!user) return undefined;
      return {
        email: user.email,
        email_verified: user.emailVerified ?? true,
        name: user.name,
        realm_access: { roles: user.roles ?? ['default-roles-mediakit', 'offline_access'] },
      };
    },
    ttl: { AccessToken: 300, IdToken: 300, RefreshToken: 3600, Session: 3600, Grant: 3600, Interaction: 600 },
  });

  provider.on('grant.success', (ctx) =>
    events.push(`grant:${(ctx as { oidc: { params?: { grant_type?: string } } }).oidc.params?.grant_type}`),
  );
  provider.on('grant.error', (_ctx, error) =>
    events.push(`grant-error:${(error as { error?: string }).error}`),
  );
  provider.on('grant.revoked', () => events.push('revoked'));

  const callback = provider.callback();
  server.on('request', async (req, res) => {
    const url = req.url ?? '/';
    if (!url.startsWith(`${mountPath}/`)) {
      res.writeHead(404).end();
      return;
    }
    try {
      if (url.startsWith(`${mountPath}/interaction/`)) {
        await finishInteraction(req, res);
        return;
      }
      // Mounted under the issuer's path, as oidc-provider expects: it derives URLs from originalUrl.
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
      req.url = url.slice(mountPath.length);
      callback(req, res);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });

  /** Signs in the user named by `login_hint` and grants what the client asked for. */
  async function finishInteraction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const sub = String(details.params.login_hint ?? '');
    if (!users.has(sub)) {
      await provider.interactionFinished(req, res, { error: 'access_denied' });
      return;
    }
    const grant = new provider.Grant({ accountId: sub, clientId });
    grant.addOIDCScope(String(details.params.scope));
    grant.addResourceScope(apiResource, '');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  async function signIn(user: RealmUser): Promise<RealmTokens> {
    users.set(user.sub, user);
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(`${issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: SCOPES,
      // oidc-provider drops offline_access unless consent is prompted for (OIDC Core 11).
      prompt: 'consent',
      login_hint: user.sub,
      state: randomBytes(8).toString('hex'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();

    // Follow the redirects by hand, keeping the provider's cookies, until the callback's code.
    const cookies = new Map<string, string>();
    let next = authorize.href;
    for (let hop = 0; hop < 10; hop++) {
      if (next.startsWith(REDIRECT_URI)) break;
      const response = await fetch(next, {
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (!location)
        throw new Error(`sign-in stopped at ${next}: ${response.status} ${await response.text()}`);
      next = new URL(location, next).href;
    }
    const code = new URL(next).searchParams.get('code');
    if (!code) throw new Error(`sign-in ended without a code: ${next}`);
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    if (tokens.status !== 200) throw new Error(`code exchange failed: ${JSON.stringify(tokens.body)}`);
    return tokens.body as unknown as RealmTokens;
  }

  async function tokenRequest(form: Record<string, string>) {
    const response = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: clientId, ...form }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  return {
    issuer,
    clientId,
    signIn,
    refresh: (refreshToken) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    events,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
