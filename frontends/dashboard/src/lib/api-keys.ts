import { API_KEY_SCOPES, type ApiKeyScope } from '@mediakit/kit/api-scopes';

export { API_KEY_SCOPES, type ApiKeyScope };

/** What each scope lets a key do, one line each, next to its checkbox. */
export const SCOPE_HELP: Record<ApiKeyScope, string> = {
  'files:read': 'List your files and download them.',
  'files:write': 'Upload files and delete them.',
  'jobs:read': 'List your jobs, follow their progress and read your usage.',
  'jobs:write': 'Run tools, and cancel, retry or delete jobs.',
};

/** The expiry choices of the form, in days; 0 is "never". */
export const EXPIRY_CHOICES = [
  { days: 0, label: 'No expiry' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

const DAY_MS = 86_400_000;

/** The `expiresAt` of a key made now with a choice of days; undefined for "never". */
export const expiresAtFor = (days: number, now: number): string | undefined =>
  days > 0 ? new Date(now + days * DAY_MS).toISOString() : undefined;

/** When a key was last used, as a person says it: "never", "just now", "5 min ago", "2 days ago". */
export function lastUsedText(lastUsedAt: string | null, now: number): string {
  if (!lastUsedAt) return 'never';
  const ms = now - Date.parse(lastUsedAt);
  if (Number.isNaN(ms)) return 'never';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** Whether a key's expiry has passed: an expired key is listed, marked, until it is revoked. */
export const isExpired = (expiresAt: string | null, now: number) =>
  expiresAt !== null && Date.parse(expiresAt) <= now;
