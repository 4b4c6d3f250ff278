import type { TObject } from 'typebox';
import type { Media } from './mime.ts';

export type Worker = 'transcoder' | 'imager';

/** One problem with a job's params. `field` is a dotted path, e.g. "end" or "crop.width". */
export interface ParamIssue {
  field: string;
  message: string;
}

/** What the files service probed about one input, as far as the params rules need it. */
export interface InputInfo {
  media: string;
  width?: number;
  height?: number;
  /** Seconds. */
  duration?: number;
}

/** Handed to cross-field rules: the params after defaults, and which fields passed the schema. */
export interface ParamContext {
  params: Record<string, unknown>;
  /** True if the field (dotted path) is present. */
  has(field: string): boolean;
  /** True if the field is present and passed its schema check: rules only compare valid fields. */
  valid(field: string): boolean;
}

/** A rule over several params that does not need the input files (e.g. end > start). */
export type ParamRule = (c: ParamContext) => ParamIssue[];

/** A rule that needs the probed inputs (e.g. end ≤ duration). Runs on params that passed validateParams. */
export type InputRule = (params: Record<string, unknown>, inputs: readonly InputInfo[]) => ParamIssue[];

export interface CatalogEntry {
  name: string;
  kind: 'tool' | 'converter';
  media: Media;
  worker: Worker;
  /** Page title, e.g. "Trim Video Online". No brand name. */
  title: string;
  /** One or two sentences for the page's meta description. */
  description: string;
  inputs: {
    min: number;
    max: number;
    /** MIME types, the union over all positions. */
    accept: string[];
    /** Names of positional inputs, e.g. ['Video', 'Image'] for overlay-image-on-video. */
    labels?: string[];
    /** Per-position accept lists where positions differ (index i: what input i takes). */
    acceptByPosition?: string[][];
  };
  /** TypeBox object schema, additionalProperties: false, defaults where sensible. */
  params: TObject;
  output: { media: Media; formats: string[] };
  /** Cross-field rules checked by validateParams. */
  rules?: ParamRule[];
  /** Rules checked by validateParamsForInputs. */
  inputRules?: InputRule[];
}

/** A JSON Schema document as plain JSON. */
export type JsonSchema = { [key: string]: unknown };

/** The `Tool` object of docs/api.md, plain JSON. */
export interface PublicTool {
  name: string;
  kind: 'tool' | 'converter';
  media: Media;
  title: string;
  description: string;
  /**
   * `maxPixels` (docs/api.md "Catalog"): the most pixels (width × height) one input
   * may have, from the limits of the worker that runs the tool, so a page can say so when the file
   * is added instead of when the job is refused.
   */
  inputs: { min: number; max: number; accept: string[]; maxPixels: number };
  params: JsonSchema;
  output: { media: Media; formats: string[] };
}
