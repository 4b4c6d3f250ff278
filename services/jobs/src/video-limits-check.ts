import {
  type CatalogEntry,
  checkVideoLimits,
  type VideoLimits,
  type VideoLimitsInput,
} from '@mediakit/catalog';
import { ApiError } from '@mediakit/kit';

/**
 * 422 `unprocessable` when an input of a transcoder tool goes over a limit (MAX_VIDEO_* in env.ts):
 * refused before it is queued rather than failing minutes later in the transcoder (which checks
 * again, on the file it actually got).  the first sentence
 * is the message ("clip.mov is 4 h 10 min long; the limit is 3 h."), every one is in `details`
 * with the input it is about. The imager's tools have their own limits and are not checked here.
 */
export function checkInputLimits(
  entry: Pick<CatalogEntry, 'worker'>,
  inputs: readonly VideoLimitsInput[],
  limits: VideoLimits,
): void {
  if (entry.worker !== 'transcoder') return;
  const details = inputs.flatMap((input, index) =>
    checkVideoLimits([input], limits).map((message) => ({ field: `inputs.${index}`, message })),
  );
  if (details.length === 0) return;
  throw new ApiError(422, 'unprocessable', details[0].message, { details });
}
