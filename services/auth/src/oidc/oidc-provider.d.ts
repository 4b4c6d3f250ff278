// oidc-provider 9 ships no type declarations (and @types/oidc-provider lags behind it): this is the
// part of its API the auth service uses, typed as loosely as the library's own documentation.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type UnknownObject = Record<string, unknown>;

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
    [key: string]: unknown;
  }

  export interface Interaction {
    uid: string;
    jti: string;
    exp: number;
    returnTo: string;
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    params: UnknownObject & { client_id?: string; scope?: string; login_hint?: string };
    session?: { accountId?: string; uid?: string };
    grantId?: string;
    lastSubmission?: InteractionResults;
  }

  export interface Grant {
    jti: string;
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { accountId?: string; clientId?: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface KoaContextWithOIDC {
    oidc: {
      client?: { clientId: string };
      session?: { accountId?: string; grantIdFor(clientId: string): string | undefined };
      result?: InteractionResults;
      params?: UnknownObject;
      /** The name of the route being served, e.g. `authorization` or `resume`. */
      route: string;
      provider: Provider;
      entities: UnknownObject;
    };
    host: string;
    body: unknown;
    type: string;
    status: number;
  }

  export interface AccessTokenLike {
    kind: string;
    accountId?: string;
    clientId?: string;
  }

  export type Configuration = UnknownObject;

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    Grant: GrantConstructor;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export namespace interactionPolicy {
    class Check {
      constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean);
    }
    interface Prompt {
      name: string;
      checks: Check[] & { add(check: Check, index?: number): void };
    }
    type Policy = Prompt[] & { get(name: string): Prompt | undefined };
    function base(): Policy;
  }

  export const errors: {
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
    [name: string]: new (description?: string) => Error;
  };

  export default Provider;
}
