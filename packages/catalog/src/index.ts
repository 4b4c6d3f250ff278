/**
 * @mediakit/catalog: the one source of truth for the 104 tools and converters (docs/api.md, "The catalog"):
 * names, page copy, accepted inputs, params schemas (TypeBox → JSON Schema), which worker runs each,
 * and the params / input checks the gateway and jobs service apply.
 */
import { audioConversionTools, audioEditingTools } from './audio-tools.ts';
import { audioConverters, imageConverters, videoConverters } from './converters.ts';
import { gifWebmTools } from './gif-webm-tools.ts';
import { DEFAULT_IMAGE_LIMITS } from './image-limits.ts';
import { imageTools } from './image-tools.ts';
import type { CatalogEntry, PublicTool } from './types.ts';
import { DEFAULT_VIDEO_LIMITS } from './video-limits.ts';
import { videoTools } from './video-tools.ts';
import { webpAvifConverters } from './webp-avif.ts';

export * from './audio-params.ts';
export * from './audio-tools.ts';
export {
  audioConverters,
  type ConverterParams,
  converterParams,
  imageConverters,
  videoConverters,
} from './converters.ts';
export * from './gif-webm-params.ts';
export * from './gif-webm-tools.ts';
export * from './image-limits.ts';
export * from './image-tools.ts';
export {
  AUDIO_MIMES,
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
export * from './video-tool-params.ts';
export * from './video-tools.ts';
export { type AvifParams, avifParams, type WebpParams, webpAvifConverters, webpParams } from './webp-avif.ts';

function freeze(e: CatalogEntry): CatalogEntry {
  Object.freeze(e.inputs.accept);
  Object.freeze(e.inputs);
  Object.freeze(e.output.formats);
  Object.freeze(e.output);
  return Object.freeze(e);
}

/**
 * Every entry (104): 18 video tools (16 + video-to-gif, video-to-webm), 8 image tools, 8 audio tools
 * (2 conversion, 6 editing); 8 video converters (7 to MP4, mp4-to-webm), 21 image converters to JPG
 * or PNG (gif-to-mp4 among them, on the transcoder), 20 to WebP or AVIF, 21 audio converters.
 */
export const catalog: readonly CatalogEntry[] = Object.freeze(
  // biome-ignore format: one group per line, so entries added in parallel merge cleanly
  [
    ...videoTools,
    ...gifWebmTools,
    ...imageTools,
    ...videoConverters,
    ...imageConverters,
    ...audioConversionTools,
    ...audioConverters,
    ...audioEditingTools,
    ...webpAvifConverters,
  ].map(freeze),
);

const byName = new Map(catalog.map((e) => [e.name, e]));

export function getEntry(name: string): CatalogEntry | undefined {
  return byName.get(name);
}

/**
 * The per-input pixel limits the workers enforce (MAX_IMAGE_PIXELS for the imager's tools,
 * MAX_VIDEO_PIXELS for the transcoder's, images going into a video tool included): the gateway
 * reads the same variables, so the pages and the jobs service say the same number.
 */
export interface PixelLimits {
  image: number;
  video: number;
}

export const DEFAULT_PIXEL_LIMITS: Readonly<PixelLimits> = Object.freeze({
  image: DEFAULT_IMAGE_LIMITS.maxPixels,
  video: DEFAULT_VIDEO_LIMITS.maxPixels,
});

/**
 * The API's `Tool` objects of the whole catalog, with this installation's pixel limits (the
 * gateway's `GET /tools`).
 */
export function publicCatalog(limits: PixelLimits = DEFAULT_PIXEL_LIMITS): PublicTool[] {
  return catalog.map((entry) => publicTool(entry, limits));
}

/**
 * The API's `Tool` object with the default pixel limits: plain JSON, no TypeBox symbols or internal
 * fields. One parameter, so `catalog.map(toPublicTool)` works.
 */
export function toPublicTool(e: CatalogEntry): PublicTool {
  return publicTool(e, DEFAULT_PIXEL_LIMITS);
}

function publicTool(e: CatalogEntry, limits: PixelLimits): PublicTool {
  const tool: PublicTool = {
    name: e.name,
    kind: e.kind,
    media: e.media,
    title: e.title,
    description: e.description,
    inputs: {
      min: e.inputs.min,
      max: e.inputs.max,
      accept: [...e.inputs.accept],
      maxPixels: e.worker === 'imager' ? limits.image : limits.video,
    },
    params: e.params as unknown as PublicTool['params'],
    output: { media: e.output.media, formats: [...e.output.formats] },
  };
  return JSON.parse(JSON.stringify(tool)) as PublicTool;
}
