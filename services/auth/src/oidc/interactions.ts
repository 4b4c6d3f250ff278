import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, type Logger } from '@mediakit/kit';
import type { Provider } from 'oidc-provider';
import type { AccountService } from '../account-service.ts';
import { SIGN_IN_FAILED } from '../auth-errors.ts';
import { normalizeEmail, type PasswordRules } from '../credential-rules.ts';
import type { PasswordHasher } from '../password-hasher.ts';
import type { UserRepository } from '../user-repository.ts';
import { type AttemptLimiter, tooManyAttemptsMessage } from './attempt-limiter.ts';
import { verifyCredentials } from './credentials.ts';
import type { CsrfTokens } from './csrf.ts';
import {
  type FormErrors,
  type PageRenderer,
  renderMessage,
  renderNewPassword,
  renderResetRequest,
  renderSignIn,
  renderSignUp,
} from './pages.ts';
import type { PasswordResetService } from './password-reset.ts';
import { firstPartyGrant } from './provider.ts';

export interface InteractionDeps {
  provider: Provider;
  pages: PageRenderer;
  csrf: CsrfTokens;
  limiter: AttemptLimiter;
  limits: { perIp: number; perEmail: number };
  accounts: AccountService;
  users: UserRepository;
  hasher: PasswordHasher;
  resets: PasswordResetService;
  passwordRules: PasswordRules;
  resetTtlMinutes: number;
  webClientId: string;
  apiResource: string;
  log: Logger;
}

/** What http-server.ts hands a page: the request, the response, and the caller's address. */
export interface PageRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** The browser's address (X-Forwarded-For from the gateway, else the socket's). */
  ip: string;
  /** Path below /oidc, without the query. */
  path: string;
}

const FORM_LIMIT_BYTES = 16 * 1024;

/**
 * The provider's interaction pages: sign-in, sign-up and password reset (server-rendered, see
 * pages.ts), under `/oidc/interaction/<uid>` while oidc-provider waits for a sign-in, plus the
 * reset link `/oidc/reset/<token>` that arrives by email. Returns false for paths it does not own.
 *
 * Every POST checks the form's CSRF token first, then the attempt limits (per address, and per
 * email where there is one), and only then does any work.
 */
export function interactionPages(deps: InteractionDeps) {
  const { provider, pages, csrf } = deps;
  const passwordHint = describePasswordRules(deps.passwordRules);

  async function details(page: PageRequest, uid: string) {
    try {
      const interaction = await provider.interactionDetails(page.req, page.res);
      return interaction.uid === uid ? interaction : null;
    } catch {
      return null; // no or expired interaction cookie, interaction gone
    }
  }

  function expired(page: PageRequest): void {
    send(
      page.res,
      400,
      renderMessage(pages, {
        title: 'This sign-in page has expired',
        message: 'Sign-in pages work for one hour. Please go back to Mediakit and choose Sign in again.',
      }),
    );
  }

  /** Counts this post against the address (and the email); answers 429 and returns false when over. */
  function allowed(page: PageRequest, email: string | undefined, render: (errors: FormErrors) => string) {
    const byIp = deps.limiter.hit(`ip:${page.ip}`, deps.limits.perIp);
    const byEmail = email ? deps.limiter.hit(`email:${normalizeEmail(email)}`, deps.limits.perEmail) : null;
    const wait = Math.max(byIp ?? 0, byEmail ?? 0);
    if (!wait) return true;
    deps.log.warn({ ip: page.ip }, 'sign-in page attempts over the limit');
    send(page.res, 429, render({ form: tooManyAttemptsMessage(wait) }), { 'retry-after': String(wait) });
    return false;
  }

  function badCsrf(page: PageRequest): void {
    send(
      page.res,
      403,
      renderMessage(pages, {
        title: 'This form has expired',
        message:
          'The form was not sent from this page, or the page is too old. Please go back and try again.',
      }),
    );
  }

  async function finishLogin(page: PageRequest, accountId: string): Promise<void> {
    await provider.interactionFinished(
      page.req,
      page.res,
      { login: { accountId } },
      { mergeWithLastSubmission: false },
    );
  }

  return async function handle(page: PageRequest): Promise<boolean> {
    const method = page.req.method ?? 'GET';
    const reset = /^\/reset\/([^/]+)$/.exec(page.path);
    if (reset) {
      await resetLink(page, decodeURIComponent(reset[1]), method);
      return true;
    }
    const match = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|signup|reset))?$/.exec(page.path);
    if (!match) return false;
    await interactionPage(page, match[1], match[2] as 'login' | 'signup' | 'reset' | undefined);
    return true;
  };

  async function interactionPage(
    page: PageRequest,
    uid: string,
    action: 'login' | 'signup' | 'reset' | undefined,
  ) {
    const { req, res } = page;
    const method = req.method ?? 'GET';
    const csrfToken = csrf.issue(`interaction:${uid}`);

    if (method === 'GET' || method === 'HEAD') {
      const interaction = await details(page, uid);
      if (!interaction) return expired(page);
      if (action === 'signup') {
        send(res, 200, renderSignUp(pages, { uid, csrf: csrfToken, passwordHint }));
      } else if (action === 'reset') {
        send(res, 200, renderResetRequest(pages, { uid, csrf: csrfToken, ttlMinutes: deps.resetTtlMinutes }));
      } else if (action === 'login' || interaction.prompt.name === 'login') {
        const hint =
          typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
        send(res, 200, renderSignIn(pages, { uid, csrf: csrfToken, email: hint }));
      } else if (interaction.prompt.name === 'consent' && interaction.params.client_id === deps.webClientId) {
        // The first-party app: its consent is implied. (prompt=consent, which OpenID Connect
        // requires for offline_access, lands here after the sign-in.)
        const accountId = interaction.session?.accountId;
        if (!accountId) return expired(page);
        const grant = await firstPartyGrant(provider, {
          grantId: interaction.grantId,
          clientId: deps.webClientId,
          accountId,
          resource: deps.apiResource,
        });
        await provider.interactionFinished(
          req,
          res,
          { consent: { grantId: grant.jti } },
          { mergeWithLastSubmission: true },
        );
      } else {
        await provider.interactionFinished(req, res, {
          error: 'access_denied',
          error_description: 'Only the Mediakit app can sign in here.',
        });
      }
      return;
    }

    if (method !== 'POST' || !action) {
      send(res, 405, renderMessage(pages, { title: 'Not allowed', message: 'This page only shows forms.' }), {
        allow: 'GET, HEAD, POST',
      });
      return;
    }
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch {
      send(res, 413, renderMessage(pages, { title: 'Too much data', message: 'The form was too large.' }));
      return;
    }
    if (!csrf.check(`interaction:${uid}`, form.get('csrf'))) return badCsrf(page);
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';

    if (action === 'login') {
      const render = (errors: FormErrors) => renderSignIn(pages, { uid, csrf: csrfToken, email, errors });
      if (!allowed(page, email || undefined, render)) return;
      const interaction = await details(page, uid);
      if (!interaction) return expired(page);
      const missing: Record<string, string> = {};
      if (!email.trim()) missing.email = 'Enter your email address.';
      if (!password) missing.password = 'Enter your password.';
      if (Object.keys(missing).length) return send(res, 400, render({ fields: missing }));
      const user = await verifyCredentials(deps, email, password);
      if (!user) return send(res, 401, render({ form: SIGN_IN_FAILED }));
      await finishLogin(page, user._id);
      return;
    }

    if (action === 'signup') {
      const name = form.get('name') ?? '';
      const render = (errors: FormErrors) =>
        renderSignUp(pages, { uid, csrf: csrfToken, values: { email, name }, errors, passwordHint });
      if (!allowed(page, undefined, render)) return;
      const interaction = await details(page, uid);
      if (!interaction) return expired(page);
      try {
        const user = await deps.accounts.signup({ email, password, name });
        deps.log.info({ sub: user.sub }, 'account created on the sign-up page');
        await finishLogin(page, user.sub);
      } catch (error) {
        const shown = formErrorsOf(error);
        if (!shown) throw error;
        // A taken email is the email field's problem.
        const errors = shown.status === 409 ? { fields: { email: shown.message } } : shown.errors;
        send(res, shown.status, render(errors));
      }
      return;
    }

    // action === 'reset': the request form
    const render = (errors: FormErrors) =>
      renderResetRequest(pages, { uid, csrf: csrfToken, email, errors, ttlMinutes: deps.resetTtlMinutes });
    if (!allowed(page, email || undefined, render)) return;
    try {
      await deps.resets.request(email, pages.publicUrl);
    } catch (error) {
      const shown = formErrorsOf(error);
      if (!shown) throw error;
      return send(res, shown.status, render(shown.errors));
    }
    send(
      res,
      200,
      renderResetRequest(pages, {
        uid,
        csrf: csrfToken,
        email,
        sent: true,
        ttlMinutes: deps.resetTtlMinutes,
      }),
    );
  }

  /** `/oidc/reset/<token>`: the new-password form from the email, and its post. */
  async function resetLink(page: PageRequest, token: string, method: string): Promise<void> {
    const { req, res } = page;
    const purpose = `reset:${token}`;
    const unusable = () =>
      send(
        res,
        410,
        renderMessage(pages, {
          title: 'This link no longer works',
          message: `Password-reset links work once, for ${deps.resetTtlMinutes} minutes. Please ask for a new one from the sign-in page.`,
          link: { href: `${pages.publicUrl}/?login=true`, text: 'Go to sign in' },
        }),
      );
    const render = (errors: FormErrors) =>
      renderNewPassword(pages, { token, csrf: csrf.issue(purpose), errors, passwordHint });
    if (method === 'GET' || method === 'HEAD') {
      if (!(await deps.resets.isUsable(token))) return unusable();
      return send(res, 200, render({}), { 'referrer-policy': 'no-referrer' });
    }
    if (method !== 'POST') {
      return send(
        res,
        405,
        renderMessage(pages, { title: 'Not allowed', message: 'This page only shows a form.' }),
        {
          allow: 'GET, HEAD, POST',
        },
      );
    }
    let form: URLSearchParams;
    try {
      form = await readForm(req);
    } catch {
      return send(
        res,
        413,
        renderMessage(pages, { title: 'Too much data', message: 'The form was too large.' }),
      );
    }
    if (!csrf.check(purpose, form.get('csrf'))) return badCsrf(page);
    if (!allowed(page, undefined, render)) return;
    try {
      const outcome = await deps.resets.complete(token, form.get('password') ?? '');
      if (outcome === 'invalid') return unusable();
    } catch (error) {
      const shown = formErrorsOf(error);
      if (!shown) throw error;
      return send(res, shown.status, render(shown.errors));
    }
    send(
      res,
      200,
      renderMessage(pages, {
        title: 'Your password is changed',
        message: 'For your safety every device was signed out. Sign in again with your new password.',
        link: { href: `${pages.publicUrl}/?login=true`, text: 'Sign in' },
      }),
    );
  }
}

/** An ApiError the form can show: its field details under the fields, or its message on top. */
function formErrorsOf(error: unknown): { status: number; message: string; errors: FormErrors } | null {
  if (!(error instanceof ApiError) || error.status >= 500) return null;
  const details = (error as ApiError & { details?: { field?: string; message?: string }[] }).details;
  const fields: Record<string, string> = {};
  for (const detail of Array.isArray(details) ? details : []) {
    if (detail.field && detail.message) fields[detail.field] = detail.message;
  }
  return {
    status: error.status,
    message: error.message,
    errors: Object.keys(fields).length ? { fields } : { form: error.message },
  };
}

export function describePasswordRules(rules: PasswordRules): string {
  const classes = rules.PASSWORD_MIN_CHARACTER_CLASSES;
  return `At least ${rules.PASSWORD_MIN_LENGTH} characters${
    classes > 1 ? `, mixing ${classes} of: lower case, upper case, digits, symbols` : ''
  }.`;
}

export function send(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    // Forms carry CSRF tokens and may carry an email: never from a cache.
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(res.req?.method === 'HEAD' ? undefined : html);
}

/** An urlencoded form body, at most 16 KiB. */
async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new Error('form too large');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
