/**
 * What an API key may do (docs/api.md "API keys and scopes"). One list for the auth service (which
 * checks a new key's scopes), the gateway (which checks each route's) and the dashboard (the
 * checkboxes), so the three never disagree. Plain data: the browser bundles this file too.
 */
export const API_KEY_SCOPES = ['files:read', 'files:write', 'jobs:read', 'jobs:write'] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const isApiKeyScope = (value: string): value is ApiKeyScope =>
  (API_KEY_SCOPES as readonly string[]).includes(value);

/** Every API key's secret starts with this, so a bearer is told apart from an access token (a JWT). */
export const API_KEY_PREFIX = 'mk_';
