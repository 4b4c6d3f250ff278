// Generated from docs/openapi.json by openapi-typescript (`npm run openapi`). Do not edit by hand.

export interface paths {
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description OpenAPI 3.1 */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            [key: string]: unknown;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List every tool and converter, with the JSON Schema of its params */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            tools: components["schemas"]["Tool"][];
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tools/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one tool or converter */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    name: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tool"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the plans and their limits */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            plans: components["schemas"]["Plan"][];
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            user: components["schemas"]["User"];
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tokens"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Renew the access token (the refresh token rotates) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        refresh_token: string;
                        id: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["RefreshedTokens"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn an access token of the built-in provider into an app session
         * @description Signed-in users only: API keys cannot use this.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Tokens"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: end the session */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        refresh_token: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/guest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Become a guest (set the guest cookie) before parallel writes */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How the web app signs people in (issuer, client, scopes) */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            issuer: string;
                            clientId: string;
                            scopes: string[];
                            redirectPath: string;
                            postLogoutRedirectPath: string;
                            thirdParty: boolean;
                            appOrigin: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the account and everything it owns
         * @description Signed-in users only: API keys cannot use this.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Rename the account
         * @description Signed-in users only: API keys cannot use this.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password
         * @description Signed-in users only: API keys cannot use this.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        current_password: string;
                        new_password: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's subscription
         * @description Signed-in users only: API keys cannot use this.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change plan (upgrade now, downgrade at period end) or billing details
         * @description Signed-in users only: API keys cannot use this.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        plan: string;
                        billing?: {
                            name: string;
                            address: string;
                            country: string;
                            vatId?: string;
                        };
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Subscription"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's API keys, newest first
         * @description Signed-in users only: API keys cannot use this.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["ApiKey"][];
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create an API key (its secret is in this answer only)
         * @description Signed-in users only: API keys cannot use this.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        scopes: ("files:read" | "files:write" | "jobs:read" | "jobs:write")[];
                        /** Format: date-time */
                        expiresAt?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            key: components["schemas"]["ApiKey"];
                            /** @description The key itself (`mk_...`), shown this once: it is not stored. */
                            secret: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key: it fails from the next request on
         * @description Signed-in users only: API keys cannot use this.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's files, newest first
         * @description An API key needs the `files:read` scope.
         */
        get: {
            parameters: {
                query?: {
                    media?: "video" | "image" | "audio" | "archive";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["File"][];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Upload files in one request (resumable uploads: /uploads)
         * @description An API key needs the `files:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "multipart/form-data": {
                        file: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            files: components["schemas"]["File"][];
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file
         * @description An API key needs the `files:read` scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["File"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a file
         * @description An API key needs the `files:write` scope.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file's bytes (Range requests allowed)
         * @description An API key needs the `files:read` scope.
         */
        get: {
            parameters: {
                query?: {
                    /** @description `1` or `true`: shown in the browser, not saved */
                    inline?: string;
                    /** @description The token of a link from POST /files/{id}/link */
                    link?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file, with its own Content-Type */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description The byte range asked for with Range */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Download a file's bytes (Range requests allowed)
         * @description An API key needs the `files:read` scope.
         */
        head: {
            parameters: {
                query?: {
                    /** @description `1` or `true`: shown in the browser, not saved */
                    inline?: string;
                    /** @description The token of a link from POST /files/{id}/link */
                    link?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The file, with its own Content-Type */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description The byte range asked for with Range */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/octet-stream": string;
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/api/v1/files/{id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A short-lived URL of the file's bytes, for the browser's own loaders
         * @description An API key needs the `files:read` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            url: string;
                            expiresAt: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a file from a public http(s) link
         * @description Answers when the file is stored, like an upload: within IMPORT_TIMEOUT_SECONDS (600). Private and local addresses are refused (422 import_refused). An API key needs the `files:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description An http(s) link to the file, on a public address
                         * @example https://example.com/holiday.mov
                         */
                        url: string;
                        /** @description The file's name (else the server's Content-Disposition, else the link's last segment); its extension follows the content */
                        name?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["File"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a resumable upload (tus creation)
         * @description The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), headers and all. Upload-Length and Upload-Metadata (filename, filetype) name the file; the answer's Location is the upload's URL. An API key needs the `files:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Created: Location is the upload, Upload-Offset what it holds */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        /**
         * What the tus server supports (Tus-Version, Tus-Extension, Tus-Max-Size)
         * @description An API key needs the `files:write` scope.
         */
        options: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Tus-* headers */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/uploads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Continue (PATCH), resume (HEAD) or end (DELETE) a resumable upload
         * @description The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), headers and all. The PATCH that completes the upload answers Mk-File-Id, the id of the new file. An API key needs the `files:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The next bytes of the file */
            requestBody: {
                content: {
                    "application/offset+octet-stream": string;
                };
            };
            responses: {
                /** @description HEAD: Upload-Offset is how much the server holds */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description PATCH: stored, up to the new Upload-Offset; DELETE: ended; OPTIONS: Tus-* headers */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Continue (PATCH), resume (HEAD) or end (DELETE) a resumable upload
         * @description The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), headers and all. The PATCH that completes the upload answers Mk-File-Id, the id of the new file. An API key needs the `files:write` scope.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The next bytes of the file */
            requestBody: {
                content: {
                    "application/offset+octet-stream": string;
                };
            };
            responses: {
                /** @description HEAD: Upload-Offset is how much the server holds */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description PATCH: stored, up to the new Upload-Offset; DELETE: ended; OPTIONS: Tus-* headers */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Continue (PATCH), resume (HEAD) or end (DELETE) a resumable upload
         * @description The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), headers and all. The PATCH that completes the upload answers Mk-File-Id, the id of the new file. An API key needs the `files:write` scope.
         */
        options: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The next bytes of the file */
            requestBody: {
                content: {
                    "application/offset+octet-stream": string;
                };
            };
            responses: {
                /** @description HEAD: Upload-Offset is how much the server holds */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description PATCH: stored, up to the new Upload-Offset; DELETE: ended; OPTIONS: Tus-* headers */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Continue (PATCH), resume (HEAD) or end (DELETE) a resumable upload
         * @description The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), headers and all. The PATCH that completes the upload answers Mk-File-Id, the id of the new file. An API key needs the `files:write` scope.
         */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The next bytes of the file */
            requestBody: {
                content: {
                    "application/offset+octet-stream": string;
                };
            };
            responses: {
                /** @description HEAD: Upload-Offset is how much the server holds */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description PATCH: stored, up to the new Upload-Offset; DELETE: ended; OPTIONS: Tus-* headers */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Continue (PATCH), resume (HEAD) or end (DELETE) a resumable upload
         * @description The tus 1.0 protocol (https://tus.io/protocols/resumable-upload), headers and all. The PATCH that completes the upload answers Mk-File-Id, the id of the new file. An API key needs the `files:write` scope.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            /** @description The next bytes of the file */
            requestBody: {
                content: {
                    "application/offset+octet-stream": string;
                };
            };
            responses: {
                /** @description HEAD: Upload-Offset is how much the server holds */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description PATCH: stored, up to the new Upload-Offset; DELETE: ended; OPTIONS: Tus-* headers */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's jobs, newest first
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: {
                    status?: "queued" | "running" | "succeeded" | "failed" | "canceled";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["Job"][];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Run a tool on files (params: the JSON Schema GET /tools/{name} gives)
         * @description An API key needs the `jobs:write` scope.
         */
        post: {
            parameters: {
                query?: {
                    /** @description Seconds to hold the request while the job runs: when it ends in time the answer is 200 with the finished Job (succeeded, failed or canceled), else 202 as without it. */
                    wait?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        tool: string;
                        inputs: string[];
                        params?: {
                            [key: string]: unknown;
                        };
                        /** @description told of the job's end, signed (docs/api.md "Webhooks"); signed-in users only */
                        webhookUrl?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Job"];
                    };
                };
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Job"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a job
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Job"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a job and its outputs
         * @description An API key needs the `jobs:write` scope.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a job that waits or runs
         * @description An API key needs the `jobs:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Job"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a failed or canceled job again
         * @description An API key needs the `jobs:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Job"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow a job's progress (server-sent events)
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `progress` events `{ status, progress, queuePosition? }` while the job waits and runs, then one `succeeded`, `failed` or `canceled` event with the Job, and the stream ends. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's totals and plan
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            jobs: {
                                total: number;
                                queued: number;
                                running: number;
                                succeeded: number;
                                failed: number;
                                canceled: number;
                            };
                            files: {
                                count: number;
                                bytes: number;
                            };
                            plan: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's webhook endpoints
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                id: string;
                                url: string;
                                events: string[];
                                description?: string;
                                createdAt: string;
                                secretCreatedAt: string;
                                /** @description `whsec_<base64>`: only in the answer that created or rotated it */
                                secret?: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add a webhook endpoint (its signing secret is answered once)
         * @description An API key needs the `jobs:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        url: string;
                        events: ("job.succeeded" | "job.failed" | "job.canceled")[];
                        description?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            url: string;
                            events: string[];
                            description?: string;
                            createdAt: string;
                            secretCreatedAt: string;
                            /** @description `whsec_<base64>`: only in the answer that created or rotated it */
                            secret?: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/job-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The secret signing deliveries to jobs' webhookUrl (answered once, on first use)
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description only in the one answer that shows it */
                            secret?: string;
                            createdAt: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/job-secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the job webhook secret (the new one is answered once)
         * @description An API key needs the `jobs:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description only in the one answer that shows it */
                            secret?: string;
                            createdAt: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            url: string;
                            events: string[];
                            description?: string;
                            createdAt: string;
                            secretCreatedAt: string;
                            /** @description `whsec_<base64>`: only in the answer that created or rotated it */
                            secret?: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint and its delivery log
         * @description An API key needs the `jobs:write` scope.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace an endpoint's signing secret (the new one is answered once)
         * @description An API key needs the `jobs:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            id: string;
                            url: string;
                            events: string[];
                            description?: string;
                            createdAt: string;
                            secretCreatedAt: string;
                            /** @description `whsec_<base64>`: only in the answer that created or rotated it */
                            secret?: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An endpoint's deliveries, newest first
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description the webhook-id header, the same on every attempt */
                                id: string;
                                endpointId?: string;
                                jobId: string;
                                url: string;
                                event: string;
                                status: "pending" | "succeeded" | "failed";
                                attempts: {
                                    attempt: number;
                                    at: string;
                                    /** @description the receiver's HTTP status, when it answered */
                                    statusCode?: number;
                                    /** @description why the attempt failed, as a sentence */
                                    error?: string;
                                    durationMs: number;
                                    /** @description "Send again" made this attempt */
                                    resend?: boolean;
                                }[];
                                nextAttemptAt?: string;
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/jobs/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A job's webhook deliveries, newest first
         * @description An API key needs the `jobs:read` scope.
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: {
                                /** @description the webhook-id header, the same on every attempt */
                                id: string;
                                endpointId?: string;
                                jobId: string;
                                url: string;
                                event: string;
                                status: "pending" | "succeeded" | "failed";
                                attempts: {
                                    attempt: number;
                                    at: string;
                                    /** @description the receiver's HTTP status, when it answered */
                                    statusCode?: number;
                                    /** @description why the attempt failed, as a sentence */
                                    error?: string;
                                    durationMs: number;
                                    /** @description "Send again" made this attempt */
                                    resend?: boolean;
                                }[];
                                nextAttemptAt?: string;
                                createdAt: string;
                            }[];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again now, with the same webhook-id
         * @description An API key needs the `jobs:write` scope.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description the webhook-id header, the same on every attempt */
                            id: string;
                            endpointId?: string;
                            jobId: string;
                            url: string;
                            event: string;
                            status: "pending" | "succeeded" | "failed";
                            attempts: {
                                attempt: number;
                                at: string;
                                /** @description the receiver's HTTP status, when it answered */
                                statusCode?: number;
                                /** @description why the attempt failed, as a sentence */
                                error?: string;
                                durationMs: number;
                                /** @description "Send again" made this attempt */
                                resend?: boolean;
                            }[];
                            nextAttemptAt?: string;
                            createdAt: string;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/blog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List articles, newest first (editors: drafts too) */
        get: {
            parameters: {
                query?: {
                    q?: string;
                    status?: "published" | "draft" | "all";
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["ArticleSummary"][];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Write an article (editors)
         * @description Signed-in users only: API keys cannot use this.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        slug?: string;
                        title: string;
                        body: string;
                        excerpt?: string;
                        author?: string;
                        coverFileId?: string | null;
                        status?: "draft" | "published";
                        meta_title?: string;
                        meta_description?: string;
                        keywords?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Article"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/blog/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an article */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Article"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Change an article (editors)
         * @description Signed-in users only: API keys cannot use this.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        slug?: string;
                        title?: string;
                        body?: string;
                        excerpt?: string;
                        author?: string;
                        coverFileId?: string | null;
                        status?: "draft" | "published";
                        meta_title?: string;
                        meta_description?: string;
                        keywords?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Article"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Delete an article (editors)
         * @description Signed-in users only: API keys cannot use this.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/blog/{slug}/cover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A published article's cover image */
        get: {
            parameters: {
                query?: {
                    /** @description The cover's version, for caches */
                    v?: string;
                };
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The cover image */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/*": string;
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /** A published article's cover image */
        head: {
            parameters: {
                query?: {
                    /** @description The cover's version, for caches */
                    v?: string;
                };
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The cover image */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/*": string;
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/api/v1/contact": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write to support (anyone; the answer comes by email) */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        name: string;
                        email: string;
                        subject?: string;
                        message: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TicketSummary"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's tickets (staff: every ticket with all=true)
         * @description Signed-in users only: API keys cannot use this.
         */
        get: {
            parameters: {
                query?: {
                    status?: "open" | "closed";
                    all?: boolean;
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            items: components["schemas"]["TicketSummary"][];
                            nextCursor: string | null;
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Open a ticket
         * @description Signed-in users only: API keys cannot use this.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        subject: string;
                        message: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a ticket with its messages
         * @description Signed-in users only: API keys cannot use this.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Close or reopen a ticket
         * @description Signed-in users only: API keys cannot use this.
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        status: "open" | "closed";
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Ticket"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/tickets/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a message to a ticket
         * @description Signed-in users only: API keys cannot use this.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["TicketMessage"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set a user's roles (administrators)
         * @description Signed-in users only: API keys cannot use this.
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        roles: ("user" | "editor" | "admin")[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["User"];
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oidc/{path}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenID Provider (discovery at /oidc/.well-known/openid-configuration)
         * @description OpenID Connect 1.0 and OAuth 2.0 endpoints (authorization code with PKCE, token, JWKS, userinfo, revocation, end session) and their sign-in pages; the discovery document names each URL.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A path of the OpenID Provider, as its discovery document lists them (`token`, `jwks`, ...). */
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * The OpenID Provider (discovery at /oidc/.well-known/openid-configuration)
         * @description OpenID Connect 1.0 and OAuth 2.0 endpoints (authorization code with PKCE, token, JWKS, userinfo, revocation, end session) and their sign-in pages; the discovery document names each URL.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A path of the OpenID Provider, as its discovery document lists them (`token`, `jwks`, ...). */
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        /**
         * The OpenID Provider (discovery at /oidc/.well-known/openid-configuration)
         * @description OpenID Connect 1.0 and OAuth 2.0 endpoints (authorization code with PKCE, token, JWKS, userinfo, revocation, end session) and their sign-in pages; the discovery document names each URL.
         */
        options: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A path of the OpenID Provider, as its discovery document lists them (`token`, `jwks`, ...). */
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * The OpenID Provider (discovery at /oidc/.well-known/openid-configuration)
         * @description OpenID Connect 1.0 and OAuth 2.0 endpoints (authorization code with PKCE, token, JWKS, userinfo, revocation, end session) and their sign-in pages; the discovery document names each URL.
         */
        head: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description A path of the OpenID Provider, as its discovery document lists them (`token`, `jwks`, ...). */
                    path: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        patch?: never;
        trace?: never;
    };
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the platform and each service behind it answer */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: "ok" | "degraded";
                            checks: {
                                [key: string]: "ok" | "down";
                            };
                        };
                    };
                };
                /** @description Default Response */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            status: "ok" | "degraded";
                            checks: {
                                [key: string]: "ok" | "down";
                            };
                        };
                    };
                };
                /** @description An error: `code` for programs, `message` for people, `details` per field when given. */
                default: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            code: string;
            message: string;
            error_msg?: string;
            error_log?: string;
            details?: unknown[];
        };
        File: {
            id: string;
            name: string;
            size: number;
            mime: string;
            media: string;
            width?: number;
            height?: number;
            duration?: number;
            fps?: number;
            hasAudio?: boolean;
            source: string;
            jobId?: string;
            createdAt: string;
            expiresAt: string;
        };
        Job: {
            id: string;
            tool: string;
            status: string;
            progress: number;
            inputs: string[];
            params: {
                [key: string]: unknown;
            };
            outputs: {
                id: string;
                name: string;
                size: number;
                mime: string;
                media: string;
                width?: number;
                height?: number;
                duration?: number;
                fps?: number;
                hasAudio?: boolean;
                source: string;
                jobId?: string;
                createdAt: string;
                expiresAt: string;
            }[];
            archive?: {
                id: string;
                name: string;
                size: number;
                mime: string;
                media: string;
                width?: number;
                height?: number;
                duration?: number;
                fps?: number;
                hasAudio?: boolean;
                source: string;
                jobId?: string;
                createdAt: string;
                expiresAt: string;
            };
            notes?: string[];
            error?: {
                message: string;
                error_msg?: string;
                error_log?: string;
            };
            queuePosition?: number;
            webhookUrl?: string;
            createdAt: string;
            startedAt?: string;
            finishedAt?: string;
            expiresAt: string;
        };
        Tool: {
            name: string;
            kind: string;
            media: string;
            title: string;
            description: string;
            inputs: {
                min: number;
                max: number;
                accept: string[];
                maxPixels: number;
            };
            params: {
                [key: string]: unknown;
            };
            output: {
                media: string;
                formats: string[];
            };
        };
        Plan: {
            id: string;
            name: string;
            price: {
                amount: number;
                currency: string;
                interval: string;
            };
            limits: {
                maxFileBytes: number;
                concurrentJobs: number;
                retentionHours: number;
                batchSize: number;
            };
        };
        User: {
            sub: string;
            email: string;
            name: string;
            plan: string;
            roles: string[];
        };
        Tokens: {
            access_token: string;
            refresh_token: string;
            id_token: string;
            expires_in: number;
            /** @enum {string} */
            token_type: "Bearer";
        };
        RefreshedTokens: {
            access_token: string;
            id_token?: string;
            refresh_token?: string;
            expires_in?: number;
            /** @enum {string} */
            token_type: "Bearer";
        };
        Subscription: {
            plan: string;
            status: string;
            currentPeriodStart: string;
            currentPeriodEnd: string;
            pendingPlan?: string;
            billing?: {
                name: string;
                address: string;
                country: string;
                vatId?: string;
            };
            provider: {
                kind: string;
                charges: boolean;
                notice: string;
            };
        };
        ApiKey: {
            id: string;
            name: string;
            scopes: ("files:read" | "files:write" | "jobs:read" | "jobs:write")[];
            /** Format: date-time */
            createdAt: string;
            lastUsedAt: string | null;
            expiresAt: string | null;
        };
        ArticleSummary: {
            slug: string;
            title: string;
            excerpt: string;
            author: string;
            publishedAt: string | null;
            meta_title: string;
            meta_description: string;
            keywords: string[];
            status: string;
            createdAt: string;
            updatedAt: string;
            coverUrl: string | null;
        };
        Article: {
            slug: string;
            title: string;
            excerpt: string;
            author: string;
            publishedAt: string | null;
            meta_title: string;
            meta_description: string;
            keywords: string[];
            status: string;
            createdAt: string;
            updatedAt: string;
            coverUrl: string | null;
            body: string;
            html: string;
        };
        TicketSummary: {
            id: string;
            subject: string;
            status: string;
            source: string;
            email: string;
            name: string;
            createdAt: string;
            updatedAt: string;
            lastMessageAt: string;
            messageCount: number;
        };
        Ticket: {
            id: string;
            subject: string;
            status: string;
            source: string;
            email: string;
            name: string;
            createdAt: string;
            updatedAt: string;
            lastMessageAt: string;
            messageCount: number;
            messages: {
                id: string;
                author: string;
                authorName: string;
                message: string;
                createdAt: string;
            }[];
        };
        TicketMessage: {
            id: string;
            author: string;
            authorName: string;
            message: string;
            createdAt: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
