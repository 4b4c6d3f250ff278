import type { ImageLimits, VideoLimits } from '@mediakit/catalog';
import {
  acceptsMime,
  type CatalogEntry,
  DEFAULT_IMAGE_LIMITS,
  getEntry,
  mimeMismatchMessage,
  type ParamIssue,
  validateParams,
  validateParamsForInputs,
} from '@mediakit/catalog';
import { ApiError, badRequest } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { checkImageInputLimits, checkInputLimits } from './input-limits-check.ts';

/**
 * The checks of a job request against the catalog, in the order a person should hear about them:
 * the tool, its params, how many inputs, then what the input files are. Each throws the ApiError
 * the API promises (docs/api.md "Jobs"); the files themselves are fetched by the caller in between.
 */

/** The catalog entry of a tool that exists and runs today. */
export function resolveTool(name: string): CatalogEntry {
  const entry = getEntry(name);
  if (!entry) {
    const message = `Unknown tool: ${name}. See GET /api/v1/tools.`;
    throw badRequest(message, [{ field: 'tool', message }]);
  }
  return entry;
}

/** The params, parsed and validated with the tool's defaults applied; every failing field is reported. */
export function parseParams(entry: CatalogEntry, paramsJson: string): Record<string, unknown> {
  let params: unknown = {};
  if (paramsJson.trim() !== '') {
    try {
      params = JSON.parse(paramsJson);
    } catch {
      const message = 'params must be a JSON object.';
      throw badRequest(message, [{ field: 'params', message }]);
    }
  }
  const result = validateParams(entry, params);
  if (!result.ok) throw invalidParams(result.issues);
  return result.value;
}

export function checkInputCount(entry: CatalogEntry, inputs: readonly string[]): void {
  const { min, max } = entry.inputs;
  if (inputs.length >= min && inputs.length <= max) return;
  const wanted = min === max ? `exactly ${min} ${files(min)}` : `${min} to ${max} files`;
  const message = `${entry.name} takes ${wanted}, but got ${inputs.length}.`;
  throw badRequest(message, [{ field: 'inputs', message }]);
}

/** 415 naming the format the tool takes and the one the file has, e.g. for a PNG sent to heic-to-jpg. */
export function checkInputTypes(entry: CatalogEntry, inputs: readonly filesV1.File[]): void {
  inputs.forEach((file, index) => {
    if (acceptsMime(entry, index, file.mime)) return;
    // The catalog's sentence speaks of "this converter" and "this file"; here we know both names.
    const message = mimeMismatchMessage(entry, index, file.mime)
      .replace(/^This (converter|tool)\b/, entry.name)
      .replace(/\bthis file is\b/, `${file.name} is`);
    throw new ApiError(415, 'unsupported_media', message, {
      details: [{ field: `inputs.${index}`, message }],
    });
  });
}

/** Rules that need what the files service probed, e.g. trim's end within the video's duration. */
export function checkParamsForInputs(
  entry: CatalogEntry,
  params: Record<string, unknown>,
  inputs: readonly filesV1.File[],
  videoLimits: VideoLimits,
  imageLimits: ImageLimits = DEFAULT_IMAGE_LIMITS,
): void {
  // A file too long or too large for the transcoder is the bigger problem than a param outside it: 422.
  checkInputLimits(entry, inputs, videoLimits);
  // The same for the imager: an image over MAX_IMAGE_* (e.g. a decompression bomb) is not queued.
  checkImageInputLimits(entry, inputs, imageLimits);
  const issues = validateParamsForInputs(
    entry,
    params,
    inputs.map((file) => ({
      media: file.media,
      width: file.width,
      height: file.height,
      duration: file.duration,
    })),
  );
  if (issues.length > 0) throw invalidParams(issues);
}

function invalidParams(issues: readonly ParamIssue[]): ApiError {
  return badRequest(issues[0]?.message ?? 'params are not valid for this tool.', [...issues]);
}

const files = (n: number) => (n === 1 ? 'file' : 'files');
