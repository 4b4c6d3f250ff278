import { badRequest } from '@mediakit/kit';
import type { AuthConfig } from './env.ts';

export type PasswordRules = Pick<
  AuthConfig,
  'PASSWORD_MIN_LENGTH' | 'PASSWORD_MAX_LENGTH' | 'PASSWORD_MIN_CHARACTER_CLASSES'
>;

const MAX_EMAIL_LENGTH = 254; // RFC 5321's limit on a forward path
const MAX_NAME_LENGTH = 100;
// Deliberately loose: one @, something on each side, a dot in the domain, no spaces. Whether the
// address really receives mail is for a confirmation email to find out, not a regex.
const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** One failing field, in the API's `details` shape, so the form can show it next to the field. */
const invalid = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** Trimmed and lower-cased: `Ann@Example.com ` and `ann@example.com` are one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The normalized email, or a 400 naming `email`. */
export function checkEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!normalized) throw invalid('email', 'Enter your email address.');
  if (normalized.length > MAX_EMAIL_LENGTH || !EMAIL_FORMAT.test(normalized)) {
    throw invalid('email', 'Enter a valid email address, like name@example.com.');
  }
  return normalized;
}

/** Passes, or throws a 400 naming `field` with the rule the password breaks. */
export function checkPassword(
  password: string,
  rules: PasswordRules,
  field = 'password',
  email?: string,
): void {
  // Counted in code points, as a person counts characters (an emoji is one, not two).
  const length = [...password].length;
  if (length < rules.PASSWORD_MIN_LENGTH) {
    throw invalid(field, `The password must be at least ${rules.PASSWORD_MIN_LENGTH} characters long.`);
  }
  if (length > rules.PASSWORD_MAX_LENGTH) {
    throw invalid(field, `The password must be at most ${rules.PASSWORD_MAX_LENGTH} characters long.`);
  }
  if (characterClasses(password) < rules.PASSWORD_MIN_CHARACTER_CLASSES) {
    throw invalid(
      field,
      `The password must mix at least ${rules.PASSWORD_MIN_CHARACTER_CLASSES} of: lower-case letters, upper-case letters, digits, symbols.`,
    );
  }
  if (email && normalizeEmail(password) === email) {
    throw invalid(field, 'The password must not be your email address.');
  }
}

/** The trimmed display name (may be empty), or a 400 naming `name`. */
export function checkName(name: string): string {
  const trimmed = name.trim();
  if ([...trimmed].length > MAX_NAME_LENGTH) {
    throw invalid('name', `The name must be at most ${MAX_NAME_LENGTH} characters long.`);
  }
  return trimmed;
}

function characterClasses(password: string): number {
  return [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
}
