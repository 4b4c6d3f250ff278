import { escapeHtml, htmlDocument } from '@mediakit/kit';
import { STYLESHEET_PATH } from './assets.ts';

/**
 * The provider's pages, rendered on the server as plain HTML: they work without JavaScript, use
 * no inline script or style (the gateway's CSP allows neither), and share one stylesheet
 * (assets.ts). Every field has a real label; a field's error is tied to it with
 * aria-describedby and aria-invalid, and a summary at the top of the form is announced.
 */

export interface PageRenderer {
  /** `<PUBLIC_URL>`: where "back to Mediakit" leads. */
  publicUrl: string;
}

/** Errors of a form: per field (shown under it), and one for the whole form. */
export interface FormErrors {
  form?: string;
  fields?: Record<string, string>;
}

function layout(page: PageRenderer, title: string, main: string): string {
  return htmlDocument({
    title: `${title} · Mediakit`,
    head: `<link rel="stylesheet" href="${STYLESHEET_PATH}">`,
    body: `<header class="brand"><a href="${escapeHtml(page.publicUrl)}/">Mediakit</a></header>
<main class="card">
${main}
</main>`,
  });
}

function errorSummary(errors: FormErrors): string {
  const messages = [errors.form, ...Object.values(errors.fields ?? {})].filter(Boolean) as string[];
  if (!messages.length) return '';
  // Focusable and announced, so a screen reader user hears what went wrong first.
  return `<div class="error-summary" role="alert" id="error-summary" tabindex="-1">
<p>${messages.length === 1 ? escapeHtml(messages[0]) : 'Please fix the following:'}</p>
${messages.length > 1 ? `<ul>${messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>` : ''}
</div>`;
}

interface FieldSpec {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string;
  hint?: string;
  required?: boolean;
  autofocus?: boolean;
}

function field(spec: FieldSpec, errors: FormErrors): string {
  const id = `field-${spec.name}`;
  const error = errors.fields?.[spec.name];
  const described = [spec.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="field${error ? ' field-invalid' : ''}">
<label for="${id}">${escapeHtml(spec.label)}</label>
${spec.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(spec.hint)}</p>` : ''}
<input id="${id}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}"${
    spec.value !== undefined && spec.type !== 'password' ? ` value="${escapeHtml(spec.value)}"` : ''
  }${spec.required === false ? '' : ' required'}${spec.autofocus ? ' autofocus' : ''}${
    described ? ` aria-describedby="${described}"` : ''
  }${error ? ' aria-invalid="true"' : ''}>
${error ? `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
}

const csrfField = (token: string) => `<input type="hidden" name="csrf" value="${escapeHtml(token)}">`;

export function renderSignIn(
  page: PageRenderer,
  input: { uid: string; csrf: string; email?: string; errors?: FormErrors; notice?: string },
): string {
  const errors = input.errors ?? {};
  const base = `/oidc/interaction/${encodeURIComponent(input.uid)}`;
  return layout(
    page,
    'Sign in',
    `<h1>Sign in</h1>
${input.notice ? `<p class="notice" role="status">${escapeHtml(input.notice)}</p>` : ''}
${errorSummary(errors)}
<form method="post" action="${base}/login" novalidate>
${csrfField(input.csrf)}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'username', value: input.email, autofocus: !input.email }, errors)}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: !!input.email }, errors)}
<button type="submit">Sign in</button>
</form>
<p class="links"><a href="${base}/reset">Forgot your password?</a></p>
<p class="links">New to Mediakit? <a href="${base}/signup">Create an account</a></p>`,
  );
}

export function renderSignUp(
  page: PageRenderer,
  input: {
    uid: string;
    csrf: string;
    values?: { email?: string; name?: string };
    errors?: FormErrors;
    passwordHint: string;
  },
): string {
  const errors = input.errors ?? {};
  const base = `/oidc/interaction/${encodeURIComponent(input.uid)}`;
  return layout(
    page,
    'Create an account',
    `<h1>Create an account</h1>
${errorSummary(errors)}
<form method="post" action="${base}/signup" novalidate>
${csrfField(input.csrf)}
${field({ name: 'name', label: 'Name (optional)', type: 'text', autocomplete: 'name', value: input.values?.name, required: false }, errors)}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.values?.email }, errors)}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: input.passwordHint }, errors)}
<button type="submit">Create account</button>
</form>
<p class="links">Already have an account? <a href="${base}">Sign in</a></p>`,
  );
}

export function renderResetRequest(
  page: PageRenderer,
  input: {
    uid: string;
    csrf: string;
    email?: string;
    errors?: FormErrors;
    sent?: boolean;
    ttlMinutes: number;
  },
): string {
  const errors = input.errors ?? {};
  const base = `/oidc/interaction/${encodeURIComponent(input.uid)}`;
  if (input.sent) {
    return layout(
      page,
      'Check your email',
      `<h1>Check your email</h1>
<p role="status">If an account exists for <strong>${escapeHtml(input.email ?? '')}</strong>, we sent it a link to choose a new password. The link works once, for ${input.ttlMinutes} minutes.</p>
<p class="links"><a href="${base}">Back to sign in</a></p>`,
    );
  }
  return layout(
    page,
    'Reset your password',
    `<h1>Reset your password</h1>
<p>Enter the email of your account and we will send you a link to choose a new password.</p>
${errorSummary(errors)}
<form method="post" action="${base}/reset" novalidate>
${csrfField(input.csrf)}
${field({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: input.email, autofocus: true }, errors)}
<button type="submit">Send the link</button>
</form>
<p class="links"><a href="${base}">Back to sign in</a></p>`,
  );
}

export function renderNewPassword(
  page: PageRenderer,
  input: { token: string; csrf: string; errors?: FormErrors; passwordHint: string },
): string {
  const errors = input.errors ?? {};
  return layout(
    page,
    'Choose a new password',
    `<h1>Choose a new password</h1>
${errorSummary(errors)}
<form method="post" action="/oidc/reset/${encodeURIComponent(input.token)}" novalidate>
${csrfField(input.csrf)}
${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: input.passwordHint, autofocus: true }, errors)}
<button type="submit">Save the new password</button>
</form>`,
  );
}

/** A page that only says something, with one way on. */
export function renderMessage(
  page: PageRenderer,
  input: { title: string; message: string; link?: { href: string; text: string } },
): string {
  const link = input.link ?? { href: `${page.publicUrl}/`, text: 'Back to Mediakit' };
  return layout(
    page,
    input.title,
    `<h1>${escapeHtml(input.title)}</h1>
<p>${escapeHtml(input.message)}</p>
<p class="links"><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`,
  );
}

/** oidc-provider's sign-out confirmation: `form` is its hidden form (with its own xsrf field). */
export function renderLogoutPage(page: PageRenderer, form: string): string {
  return layout(
    page,
    'Sign out',
    `<h1>Sign out of Mediakit?</h1>
${form}
<div class="actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>
</div>`,
  );
}

export function renderSignedOutPage(page: PageRenderer): string {
  return renderMessage(page, { title: 'Signed out', message: 'You are signed out of Mediakit.' });
}

/** oidc-provider's error page (a bad authorization request, an expired sign-in...). */
export function renderOidcError(page: PageRenderer, out: Record<string, string>): string {
  const description = (out.error_description || out.error || 'The request could not be completed').replace(
    /\.$/,
    '',
  );
  return renderMessage(page, {
    title: 'Sign-in could not continue',
    message: `${description}. Please go back to Mediakit and try again.`,
  });
}
