import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './api-types.ts';
import { downloadOutputs } from './downloads.ts';
import { errorFromAnswer, unreachable } from './errors.ts';
import { type RunOptions, runTool, type WaitOptions, waitForJob } from './jobs.ts';
import { Session } from './session.ts';
import { type UploadOptions, uploadFile } from './uploads.ts';

export type Job = components['schemas']['Job'];
export type MediakitFile = components['schemas']['File'];
export type Tool = components['schemas']['Tool'];

export const DEFAULT_URL = 'http://localhost:8080';

export interface MediakitOptions {
  /** Where Mediakit answers (default http://localhost:8080). */
  url?: string | undefined;
  /** An API key, sent as `Authorization: Bearer <key>`; without one the client is a guest. */
  apiKey?: string | undefined;
  /** A file keeping the guest cookie between runs (see Session); without it a guest lives as long as the process. */
  guestFile?: string | undefined;
  /** A file keeping unfinished uploads' URLs, so a second run resumes them; without it nothing resumes. */
  uploadStore?: string | undefined;
}

/** What an openapi-fetch call gives: the body of a success, or the error body and the answer. */
interface Result<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The body of a successful answer, or the API's error raised as a MediakitError. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw errorFromAnswer(response.status, error);
  return data as T;
}

/**
 * The Mediakit API for a Node program. `api` is the typed client of every route (openapi-fetch over
 * the types generated from docs/openapi.json); the methods are what most programs need: upload,
 * run a tool, wait for it, download what it made. Failures raise MediakitError.
 */
export class Mediakit {
  readonly url: string;
  readonly api: Client<paths>;
  readonly session: Session;
  readonly uploadStore: string | undefined;

  constructor(options: MediakitOptions = {}) {
    this.url = new URL(options.url || DEFAULT_URL).origin;
    this.uploadStore = options.uploadStore;
    this.session = new Session({ url: this.url, apiKey: options.apiKey, guestFile: options.guestFile });
    this.api = createClient<paths>({ baseUrl: this.url });
    this.api.use({
      onRequest: async ({ request }) => {
        await this.session.load();
        for (const [name, value] of Object.entries(this.session.headers())) request.headers.set(name, value);
        return request;
      },
      onResponse: async ({ response }) => {
        await this.session.remember(response);
      },
      onError: ({ error }) => unreachable(this.url, error),
    });
  }

  /** A request outside the typed client (streams, byte downloads), with the caller's identity. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    await this.session.load();
    let response: Response;
    try {
      response = await fetch(new URL(path, this.url), {
        ...init,
        headers: { ...this.session.headers(), ...(init.headers as Record<string, string>) },
      });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      throw unreachable(this.url, error);
    }
    await this.session.remember(response);
    if (!response.ok) throw errorFromAnswer(response.status, await response.text());
    return response;
  }

  /** Makes sure a guest has its cookie before the first write (`POST /auth/guest`); a key needs none. */
  async ensureOwner(): Promise<void> {
    if (this.session.apiKey) return;
    await unwrap(this.api.POST('/api/v1/auth/guest'));
  }

  /** Every tool and converter, with the JSON Schema of its params. */
  async tools(): Promise<Tool[]> {
    return (await unwrap(this.api.GET('/api/v1/tools'))).tools;
  }

  async tool(name: string): Promise<Tool> {
    return unwrap(this.api.GET('/api/v1/tools/{name}', { params: { path: { name } } }));
  }

  /** Uploads a file resumably (tus); resolves with the new File. */
  uploadFile(path: string, options: UploadOptions = {}): Promise<MediakitFile> {
    return uploadFile(this, path, options);
  }

  /** Starts a job; with `wait` the answer is the finished job when it ends within that many seconds. */
  runTool(tool: string, inputs: string[], params: Record<string, unknown> = {}, options: RunOptions = {}) {
    return runTool(this, { tool, inputs, params }, options);
  }

  /** Follows a job to its end (server-sent events, polling when the stream breaks). */
  waitForJob(id: string, options: WaitOptions = {}): Promise<Job> {
    return waitForJob(this, id, options);
  }

  /** Saves every output of a finished job into `dir`; resolves with the paths written. */
  downloadOutputs(job: Job, dir: string): Promise<string[]> {
    return downloadOutputs(this, job, dir);
  }
}
