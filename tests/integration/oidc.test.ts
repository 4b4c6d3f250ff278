import { freePort } from '@mediakit/devstack';
import { readMailbox } from '@mediakit/kit';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, PASSWORD, uniqueEmail } from '../support/sign-in.ts';
import { startTestStack, type TestStack } from './stack.ts';

/**
 * The built-in OpenID Provider through the gateway, driven by a real relying party (openid-client
 * 6) and by plain fetch for the sign-in pages, the way a browser without JavaScript would use
 * them: discovery, the code flow with PKCE S256, the tokens and their claims, userinfo, refresh
 * rotation with reuse detection, revocation, sign-out, the app session made from a provider
 * token, sign-up and password reset through the pages, CSRF and attempt limits.
 */

const CLIENT_ID = 'mediakit-web';

let stack: TestStack;
let publicUrl: string;
let issuer: string;
let config: oidc.Configuration;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  // The issuer is <PUBLIC_URL>/oidc and must be the URL the relying party discovers it at, so the
  // gateway's port is chosen first and PUBLIC_URL names it.
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  issuer = `${publicUrl}/oidc`;
  stack = await startTestStack({
    portOverrides: { gateway: { PORT: port } },
    serviceEnv: {
      auth: { PUBLIC_URL: publicUrl, SIGN_IN_ATTEMPTS_PER_IP: '500', SIGN_IN_ATTEMPTS_PER_EMAIL: '5' },
      gateway: { PUBLIC_URL: publicUrl, RATE_LIMIT_AUTH_PER_MINUTE: '1000' },
    },
  });
  config = await oidc.discovery(new URL(issuer), CLIENT_ID, undefined, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
  jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
}, 120_000);

afterAll(async () => {
  await stack?.teardown();
});

/** A browser without JavaScript: a cookie jar, redirects followed by hand so each one is visible. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(new URL(url, publicUrl), {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = [
        pair.slice(0, pair.indexOf('=')).trim(),
        pair.slice(pair.indexOf('=') + 1).trim(),
      ];
      const expired = attributes.some(
        (a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0/i.test(a),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Follows redirects until an answer that is not one, or one leaving for the app's callback. */
  async follow(response: Response): Promise<{ response: Response; url: string }> {
    let current = response;
    let url = current.url;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return { response: current, url };
      url = new URL(location, publicUrl).href;
      if (url.startsWith(`${publicUrl}/auth/callback`) || url === `${publicUrl}/`) {
        return { response: current, url };
      }
      current = await this.request(url);
    }
    throw new Error('too many redirects');
  }
}

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

async function page(response: Response): Promise<Page> {
  return { status: response.status, html: await response.text(), headers: response.headers };
}

/** The `name` field's value and the form's action of an HTML page. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form in:\n${html}`);
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[match[1]] = match[2].replace(/&amp;/g, '&');
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

interface FlowStart {
  browser: Browser;
  verifier: string;
  state: string;
  nonce: string;
  /** The first page the flow shows (the sign-in page), or the callback URL if signed in already. */
  first: Page;
  url: string;
}

async function startFlow(
  options: { browser?: Browser; scope?: string; prompt?: string; extra?: Record<string, string> } = {},
): Promise<FlowStart> {
  const browser = options.browser ?? new Browser();
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const params: Record<string, string> = {
    redirect_uri: `${publicUrl}/auth/callback`,
    scope: options.scope ?? 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...options.extra,
  };
  if (options.prompt) params.prompt = options.prompt;
  const authorize = oidc.buildAuthorizationUrl(config, params);
  const { response, url } = await browser.follow(await browser.request(authorize.href));
  return { browser, verifier, state, nonce, first: await page(response), url };
}

/** Posts the sign-in form of the flow's page; returns the callback URL (with the code). */
async function signInOn(flow: FlowStart, email: string, password: string): Promise<string> {
  const form = formOf(flow.first.html);
  const { response, url } = await flow.browser.follow(
    await flow.browser.request(form.action, { form: { ...form.fields, email, password } }),
  );
  if (!url.startsWith(`${publicUrl}/auth/callback`)) {
    throw new Error(`sign-in ended at ${url} (${response.status}): ${await response.text()}`);
  }
  return url;
}

async function codeFlow(email: string, password: string, options: Parameters<typeof startFlow>[0] = {}) {
  const flow = await startFlow(options);
  const callback = await signInOn(flow, email, password);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(callback), {
    pkceCodeVerifier: flow.verifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  return { flow, tokens };
}

async function api(method: string, path: string, token?: string, json?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${publicUrl}/api/v1${path}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const newUser = (name = 'Ann') => createAccount(publicUrl, { name, email: uniqueEmail('oidc') });

describe('discovery and keys', () => {
  it('publishes the provider metadata at /oidc/.well-known/openid-configuration', async () => {
    const meta = config.serverMetadata();
    expect(meta.issuer).toBe(issuer);
    expect(meta.authorization_endpoint).toBe(`${issuer}/auth`);
    expect(meta.token_endpoint).toBe(`${issuer}/token`);
    expect(meta.userinfo_endpoint).toBe(`${issuer}/me`);
    expect(meta.end_session_endpoint).toBe(`${issuer}/session/end`);
    expect(meta.revocation_endpoint).toBe(`${issuer}/token/revocation`);
    expect(meta.jwks_uri).toBe(`${issuer}/jwks`);
    expect(meta.code_challenge_methods_supported).toEqual(['S256']);
    expect(meta.response_types_supported).toEqual(['code']);
    expect(meta.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']),
    );
  });

  it('serves one key set: the JWKS through the gateway is the auth service’s', async () => {
    const viaGateway = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: Record<string, unknown>[] };
    const direct = await (await fetch(`http://127.0.0.1:${stack.ports.auth.HTTP_PORT}/oidc/jwks`)).json();
    expect(viaGateway).toEqual(direct);
    expect(viaGateway.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256', use: 'sig' });
    expect(viaGateway.keys[0].d).toBeUndefined();
  });
});

describe('authorization code flow with PKCE', () => {
  it('signs in on the page and gives JWT access tokens the API accepts, and a verifiable ID token', async () => {
    const user = await newUser('Ann Example');
    const { tokens } = await codeFlow(user.email, PASSWORD);

    // Access token: RFC 9068 JWT, signed with our key, for the API.
    const header = decodeProtectedHeader(tokens.access_token);
    expect(header).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer,
      audience: 'mediakit',
      typ: 'at+jwt',
    });
    expect(payload).toMatchObject({ sub: user.sub, roles: ['user'], client_id: CLIENT_ID });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeUndefined(); // no offline_access: no refresh token

    // ID token: verified against the JWKS, with the nonce and the profile claims.
    const idToken = await jwtVerify(tokens.id_token as string, jwks, { issuer, audience: CLIENT_ID });
    expect(idToken.protectedHeader.kid).toBe(header.kid);
    expect(idToken.payload).toMatchObject({
      sub: user.sub,
      email: user.email,
      email_verified: false,
      name: 'Ann Example',
    });
    expect(tokens.claims()?.sub).toBe(user.sub);

    const me = await api('GET', '/auth/me', tokens.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ sub: user.sub, email: user.email, roles: ['user'] });
  });

  it('serves userinfo for the access token, with the claims of its scopes', async () => {
    const user = await newUser('Ben');
    const { tokens } = await codeFlow(user.email, PASSWORD);
    expect(await oidc.fetchUserInfo(config, tokens.access_token, user.sub)).toEqual({
      sub: user.sub,
      email: user.email,
      email_verified: false,
      name: 'Ben',
    });
    const narrow = await codeFlow(user.email, PASSWORD, { scope: 'openid' });
    expect(await oidc.fetchUserInfo(config, narrow.tokens.access_token, user.sub)).toEqual({ sub: user.sub });
    const bad = await fetch(`${issuer}/me`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('www-authenticate')).toContain('invalid_token');
  });

  it('refuses an authorization request without PKCE, or with the plain method', async () => {
    for (const extra of [
      { code_challenge: '', code_challenge_method: '' },
      { code_challenge_method: 'plain' },
    ]) {
      const browser = new Browser();
      const params = new URLSearchParams({
        client_id: CLIENT_ID,
        response_type: 'code',
        redirect_uri: `${publicUrl}/auth/callback`,
        scope: 'openid',
        state: 's',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      });
      for (const [key, value] of Object.entries(extra)) {
        if (value) params.set(key, value);
        else params.delete(key);
      }
      const response = await browser.request(`${issuer}/auth?${params}`);
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') as string);
      expect(location.href.startsWith(`${publicUrl}/auth/callback`)).toBe(true);
      expect(location.searchParams.get('error')).toBe('invalid_request');
      expect(location.searchParams.get('code')).toBeNull();
    }
  });

  it('refuses the code with a wrong code verifier', async () => {
    const user = await newUser();
    const flow = await startFlow();
    const callback = await signInOn(flow, user.email, PASSWORD);
    await expect(
      oidc.authorizationCodeGrant(config, new URL(callback), {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: flow.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('lets the web app exchange the code from its own origin (CORS), and no other origin', async () => {
    // keycloak-js posts to the token endpoint from the page: the browser sends the app's Origin.
    const tokenRequest = (origin: string) =>
      fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: CLIENT_ID,
          code: 'not-a-real-code',
          redirect_uri: `${publicUrl}/auth/callback`,
          code_verifier: oidc.randomPKCECodeVerifier(),
        }),
      });
    const own = await tokenRequest(publicUrl);
    // The origin passes; only the made-up code is refused.
    expect(await own.json()).toMatchObject({ error: 'invalid_grant' });
    // Same origin: the browser needs no CORS header, and the gateway sends none (CORS stays closed).
    const other = await tokenRequest('https://evil.example');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await other.json()) as { error_description?: string }).error_description).toMatch(/not allowed/);
  });

  it('says which sign-in failed without saying which part was wrong', async () => {
    const user = await newUser();
    const flow = await startFlow();
    const form = formOf(flow.first.html);
    const wrong = await page(
      await flow.browser.request(form.action, {
        form: { ...form.fields, email: user.email, password: 'nope nope nope' },
      }),
    );
    expect(wrong.status).toBe(401);
    expect(wrong.html).toContain('The email or password is not correct.');
    // The email stays filled in; the password does not.
    expect(wrong.html).toContain(`value="${user.email}"`);
  });
});

describe('refresh tokens', () => {
  it('come only with offline_access, rotate on use, and a reused one kills the whole grant', async () => {
    const user = await newUser();
    const { tokens } = await codeFlow(user.email, PASSWORD, {
      scope: 'openid email offline_access',
      prompt: 'consent',
    });
    const first = tokens.refresh_token as string;
    expect(first).toEqual(expect.any(String));

    const second = await oidc.refreshTokenGrant(config, first);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first);
    expect((await api('GET', '/auth/me', second.access_token)).status).toBe(200);
    expect(decodeJwt(second.access_token)).toMatchObject({ sub: user.sub, aud: 'mediakit' });

    // The old token again: refused, and the grant is revoked, so the new one dies with it.
    await expect(oidc.refreshTokenGrant(config, first)).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(oidc.refreshTokenGrant(config, second.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('are dead once revoked', async () => {
    const user = await newUser();
    const { tokens } = await codeFlow(user.email, PASSWORD, {
      scope: 'openid offline_access',
      prompt: 'consent',
    });
    await oidc.tokenRevocation(config, tokens.refresh_token as string);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token as string)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('the app session from the code flow (POST /auth/session)', () => {
  it('turns a fresh provider token into an app session, once', async () => {
    const user = await newUser();
    const { tokens } = await codeFlow(user.email, PASSWORD);
    const session = await api('POST', '/auth/session', tokens.access_token);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(session.body.refresh_token).toEqual(expect.any(String));

    const refreshed = await api('POST', '/auth/refresh_token', undefined, {
      refresh_token: session.body.refresh_token,
      id: user.sub,
    });
    expect(refreshed.status).toBe(200);
    expect((await api('GET', '/auth/me', refreshed.body.access_token)).body.email).toBe(user.email);

    // The same provider token again, or an app-session token: no new session.
    expect((await api('POST', '/auth/session', tokens.access_token)).status).toBe(401);
    expect((await api('POST', '/auth/session', session.body.access_token)).status).toBe(401);
    expect((await api('POST', '/auth/session')).status).toBe(401);
  });
});

describe('sign-out (end_session)', () => {
  it('asks for the password on every sign-in, even with a provider session, and ends it on sign-out', async () => {
    const user = await newUser();
    const { flow, tokens } = await codeFlow(user.email, PASSWORD);

    // Signed in at the provider, yet the next authorization shows the form again: a provider
    // session alone (one a sign-out left behind, or a shared computer's) signs nobody in.
    const again = await startFlow({ browser: flow.browser });
    expect(again.first.status).toBe(200);
    expect(again.first.html).toContain('<h1>Sign in</h1>');
    expect(again.url.startsWith(`${publicUrl}/auth/callback`)).toBe(false);
    // With the password it completes, on the same provider session.
    expect(await signInOn(again, user.email, PASSWORD)).toContain('code=');

    const endSession = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token as string,
      post_logout_redirect_uri: `${publicUrl}/`,
    });
    const confirm = await page(await flow.browser.request(endSession.href));
    expect(confirm.status).toBe(200);
    expect(confirm.html).toContain('Sign out of Mediakit?');
    const form = formOf(confirm.html);
    const { url } = await flow.browser.follow(
      await flow.browser.request(form.action, { form: { ...form.fields, logout: 'yes' } }),
    );
    expect(url).toBe(`${publicUrl}/`);

    // Signed out: the sign-in page again.
    const after = await startFlow({ browser: flow.browser });
    expect(after.first.status).toBe(200);
    expect(after.first.html).toContain('<h1>Sign in</h1>');
  });
});

describe('the sign-in pages', () => {
  it('are accessible HTML without scripts, under a strict CSP, with their stylesheet', async () => {
    const flow = await startFlow();
    const { html, headers } = flow.first;
    expect(headers.get('content-type')).toContain('text/html');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<label for="field-email">Email</label>');
    expect(html).toContain('<label for="field-password">Password</label>');
    expect(html).not.toMatch(/<script|style=/);
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`form-action 'self' ${publicUrl}`);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const css = await fetch(`${issuer}/assets/mediakit.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(await css.text()).toContain(':focus-visible');

    // An error is tied to its field.
    const form = formOf(html);
    const empty = await page(
      await flow.browser.request(form.action, { form: { ...form.fields, email: '', password: '' } }),
    );
    expect(empty.status).toBe(400);
    expect(empty.html).toMatch(
      /id="field-email"[^>]*aria-describedby="field-email-error"[^>]*aria-invalid="true"/,
    );
    expect(empty.html).toContain(
      '<p class="field-error" id="field-email-error">Enter your email address.</p>',
    );
  });

  it('refuse a post without the CSRF token, and sign no one in', async () => {
    const user = await newUser();
    const flow = await startFlow();
    const form = formOf(flow.first.html);
    for (const csrf of [undefined, 'forged']) {
      const fields = { ...form.fields, email: user.email, password: PASSWORD } as Record<string, string>;
      if (csrf) fields.csrf = csrf;
      else delete fields.csrf;
      const refused = await flow.browser.request(form.action, { form: fields });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('location')).toBeNull();
    }
    // The real form still works afterwards.
    expect(await signInOn(flow, user.email, PASSWORD)).toContain('code=');
  });

  it('answer 429 with a clear message after too many attempts for one email', async () => {
    const user = await newUser();
    const flow = await startFlow();
    const form = formOf(flow.first.html);
    const statuses: number[] = [];
    let last: Page | undefined;
    for (let i = 0; i < 6; i++) {
      last = await page(
        await flow.browser.request(form.action, {
          form: { ...form.fields, email: user.email, password: `wrong ${i}` },
        }),
      );
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(last?.html).toContain('Too many attempts, try again in 15 minutes.');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(800);
    // Even the right password waits now.
    const right = await flow.browser.request(form.action, {
      form: { ...form.fields, email: user.email, password: PASSWORD },
    });
    expect(right.status).toBe(429);
  });

  it('sign a new user up, with the account rules and a taken email on the form', async () => {
    const taken = await newUser();
    const flow = await startFlow();
    const signupUrl = /href="([^"]+\/signup)"/.exec(flow.first.html)?.[1] as string;
    const signup = await page(await flow.browser.request(signupUrl));
    expect(signup.status).toBe(200);
    expect(signup.html).toContain('<h1>Create an account</h1>');
    const form = formOf(signup.html);

    const short = await page(
      await flow.browser.request(form.action, {
        form: { ...form.fields, email: 'new@example.com', password: 'short', name: 'Cy' },
      }),
    );
    expect(short.status).toBe(400);
    expect(short.html).toContain('The password must be at least 10 characters long.');
    expect(short.html).toContain('aria-describedby="field-password-hint field-password-error"');

    const duplicate = await page(
      await flow.browser.request(form.action, {
        form: { ...form.fields, email: taken.email, password: PASSWORD },
      }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.html).toContain('An account with this email already exists.');
    expect(duplicate.html).toContain('id="field-email-error"');

    const email = `signup-${Date.now()}@example.com`;
    const { url } = await flow.browser.follow(
      await flow.browser.request(form.action, {
        form: { ...form.fields, email, password: PASSWORD, name: 'Cy' },
      }),
    );
    expect(url.startsWith(`${publicUrl}/auth/callback`)).toBe(true);
    const tokens = await oidc.authorizationCodeGrant(config, new URL(url), {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
    });
    const me = await api('GET', '/auth/me', tokens.access_token);
    expect(me.body).toMatchObject({ email, name: 'Cy', roles: ['user'] });
  });

  it('reset a password by email link, once, and end every session of the user', async () => {
    const user = await newUser();
    const appSession = await api('POST', '/auth/login', undefined, { email: user.email, password: PASSWORD });
    const provider = await codeFlow(user.email, PASSWORD, {
      scope: 'openid offline_access',
      prompt: 'consent',
    });

    const flow = await startFlow();
    const resetUrl = /href="([^"]+\/reset)"/.exec(flow.first.html)?.[1] as string;
    const request = await page(await flow.browser.request(resetUrl));
    const form = formOf(request.html);
    const sent = await page(
      await flow.browser.request(form.action, { form: { ...form.fields, email: user.email } }),
    );
    expect(sent.status).toBe(200);
    expect(sent.html).toContain('Check your email');
    // An unknown email gets the very same answer (the form does not tell who has an account).
    const unknown = await page(
      await flow.browser.request(form.action, { form: { ...form.fields, email: 'nobody@example.com' } }),
    );
    expect(unknown.html.replace(/nobody@example\.com/g, user.email)).toBe(sent.html);

    const mails = (await readMailbox(stack.dataDir)).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    const link = /http:\/\/\S+\/oidc\/reset\/[A-Za-z0-9_-]+/.exec(mails[0].text)?.[0] as string;
    expect(link.startsWith(`${publicUrl}/oidc/reset/`)).toBe(true);

    const browser = new Browser();
    const newPasswordPage = await page(await browser.request(link));
    expect(newPasswordPage.status).toBe(200);
    const resetForm = formOf(newPasswordPage.html);
    const newPassword = 'a brand new passphrase';
    const done = await page(
      await browser.request(resetForm.action, { form: { ...resetForm.fields, password: newPassword } }),
    );
    expect(done.status).toBe(200);
    expect(done.html).toContain('Your password is changed');

    // Used once: the link is dead.
    expect((await browser.request(link)).status).toBe(410);
    // Every session ended: the app session's refresh token and the provider's refresh token.
    const refresh = await api('POST', '/auth/refresh_token', undefined, {
      refresh_token: appSession.body.refresh_token,
      id: user.sub,
    });
    expect(refresh.status).toBe(401);
    await expect(
      oidc.refreshTokenGrant(config, provider.tokens.refresh_token as string),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The old password no longer works, the new one does.
    expect(
      (await api('POST', '/auth/login', undefined, { email: user.email, password: PASSWORD })).status,
    ).toBe(401);
    const { tokens } = await codeFlow(user.email, newPassword);
    expect(decodeJwt(tokens.access_token).sub).toBe(user.sub);
  });
});
