import { API_BASE } from '../api/api-client.ts';

/** `GET /api/v1/auth/config`: which OpenID provider the browser signs in with. */
export interface AuthConfig {
  issuer: string;
  clientId: string;
  scopes: string[];
  redirectPath: string;
  postLogoutRedirectPath: string;
  /** An external provider (Keycloak): its refresh token is stored with the `cognito_` prefix. */
  thirdParty: boolean;
}

/** The built-in provider's values, the same the gateway answers when no external issuer is set. */
export const builtInAuthConfig = (origin: string): AuthConfig => ({
  issuer: `${origin}/oidc`,
  clientId: 'mediakit-web',
  scopes: ['openid', 'email', 'profile'],
  redirectPath: '/auth/callback',
  postLogoutRedirectPath: '/',
  thirdParty: false,
});

let pending: Promise<AuthConfig> | undefined;

export function loadAuthConfig(): Promise<AuthConfig> {
  pending ??= (async () => {
    const response = await fetch(`${API_BASE}/auth/config`, { headers: { accept: 'application/json' } });
    // A gateway without the route (older deployment) means the built-in provider.
    if (response.status === 404) return builtInAuthConfig(window.location.origin);
    if (!response.ok) throw new Error(`The sign-in settings could not be loaded (HTTP ${response.status}).`);
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
