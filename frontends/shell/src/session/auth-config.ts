import { API_BASE } from '@mediakit/web-api/api-client';
import { SIGN_IN_TEXT, SignInError } from './sign-in-errors.ts';

/** `GET /api/v1/auth/config`: which OpenID provider the browser signs in with. */
export interface AuthConfig {
  issuer: string;
  clientId: string;
  scopes: string[];
  redirectPath: string;
  postLogoutRedirectPath: string;
  /** An external provider (Keycloak): its refresh token is stored with the `cognito_` prefix. */
  thirdParty: boolean;
  /** Where sign-in works for this browser; another origin than the page's means "go there". */
  appOrigin: string;
}

/**
 * The built-in provider's values at `origin`, what the gateway answers when no external issuer is
 * set and the browser is at an address sign-in works at (older gateways answer no appOrigin).
 */
export const builtInAuthConfig = (origin: string): AuthConfig => ({
  issuer: `${origin}/oidc`,
  clientId: 'mediakit-web',
  scopes: ['openid', 'email', 'profile'],
  redirectPath: '/auth/callback',
  postLogoutRedirectPath: '/',
  thirdParty: false,
  appOrigin: origin,
});

let pending: Promise<AuthConfig> | undefined;

export function loadAuthConfig(): Promise<AuthConfig> {
  pending ??= (async () => {
    const response = await fetch(`${API_BASE}/auth/config`, { headers: { accept: 'application/json' } });
    // A gateway without the route (older deployment) means the built-in provider.
    if (response.status === 404) return builtInAuthConfig(window.location.origin);
    if (!response.ok) throw new SignInError(SIGN_IN_TEXT.settings);
    return {
      ...builtInAuthConfig(window.location.origin),
      ...((await response.json()) as Partial<AuthConfig>),
    };
  })().catch((error) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
