import {
  type CatalogEntry,
  checkImageLimits,
  type ImageLimits,
  type ImageLimitsInput,
} from '@mediakit/catalog';
import { ApiError } from '@mediakit/kit';

/**
 * 422 `unprocessable` when an input of an imager tool goes over a limit (MAX_IMAGE_* in env.ts),
 * on the width, height and size the files service read from the file at upload: refused before it
 * is queued. The imager checks again on the file it actually got, and also counts frames, which
 * the upload record does not have. The first sentence is the message ("poster.png is 20000×20000
 * (400 MP); the limit is 100 MP."), every one is in `details` with the input it is about.
 * Mirrors video-limits-check.ts, which does the same for the transcoder's tools.
 */
export function checkImageInputLimits(
  entry: Pick<CatalogEntry, 'worker'>,
  inputs: readonly ImageLimitsInput[],
  limits: ImageLimits,
): void {
  if (entry.worker !== 'imager') return;
  const details = inputs.flatMap((input, index) =>
    checkImageLimits([input], limits).map((message) => ({ field: `inputs.${index}`, message })),
  );
  if (details.length === 0) return;
  throw new ApiError(422, 'unprocessable', details[0].message, { details });
}
