/**
 * @mediakit/catalog: the one source of truth for the 51 tools and converters (API.md, "The catalog"):
 * names, page copy, accepted inputs, params schemas (TypeBox → JSON Schema), which worker runs each,
 * and the params / input checks the gateway and jobs service apply.
 */
import { imageConverters, videoConverters } from './converters.ts';
import { imageTools } from './image-tools.ts';
import type { CatalogEntry, PublicTool } from './types.ts';
import { videoTools } from './video-tools.ts';

export { type ConverterParams, converterParams } from './converters.ts';
export * from './image-limits.ts';
export * from './image-tools.ts';
export {
  describeFile,
  describeFormat,
  FORMATS,
  type FormatInfo,
  type FormatName,
  formatOfMime,
  IMAGE_MIMES,
  type Media,
  mediaOfMime,
  mimesOf,
  normalizeMime,
  VIDEO_MIMES,
  VIDEO_TOOL_IMAGE_MIMES,
} from './mime.ts';
export type {
  CatalogEntry,
  InputInfo,
  InputRule,
  JsonSchema,
  ParamContext,
  ParamIssue,
  ParamRule,
  PublicTool,
  Worker,
} from './types.ts';
export {
  acceptFor,
  acceptsMime,
  converterSource,
  mimeMismatchMessage,
  type SourceFormat,
  type ValidateResult,
  validateParams,
  validateParamsForInputs,
} from './validate.ts';
export * from './video-limits.ts';
export * from './video-tools.ts';

function freeze(e: CatalogEntry): CatalogEntry {
  Object.freeze(e.inputs.accept);
  Object.freeze(e.inputs);
  Object.freeze(e.output.formats);
  Object.freeze(e.output);
  return Object.freeze(e);
}

/** Every entry: 16 video tools, 8 image tools, 7 video converters, 20 image converters. */
export const catalog: readonly CatalogEntry[] = Object.freeze(
  [...videoTools, ...imageTools, ...videoConverters, ...imageConverters].map(freeze),
);

const byName = new Map(catalog.map((e) => [e.name, e]));

export function getEntry(name: string): CatalogEntry | undefined {
  return byName.get(name);
}

/** The API's `Tool` object: plain JSON, no TypeBox symbols or internal fields. */
export function toPublicTool(e: CatalogEntry): PublicTool {
  const tool: PublicTool = {
    name: e.name,
    kind: e.kind,
    media: e.media,
    title: e.title,
    description: e.description,
    inputs: { min: e.inputs.min, max: e.inputs.max, accept: [...e.inputs.accept] },
    params: e.params as unknown as PublicTool['params'],
    output: { media: e.output.media, formats: [...e.output.formats] },
  };
  return JSON.parse(JSON.stringify(tool)) as PublicTool;
}
