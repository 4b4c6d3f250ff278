import {
  type CatalogEntry,
  checkImageLimits,
  checkVideoLimits,
  type ImageLimits,
  type ImageLimitsInput,
  type VideoLimits,
  type VideoLimitsInput,
} from '@mediakit/catalog';
import { ApiError } from '@mediakit/kit';

/**
 * 422 `unprocessable` when an input of a transcoder tool goes over a limit (MAX_VIDEO_* in env.ts):
 * refused before it is queued rather than failing minutes later in the transcoder (which checks
 * again, on the file it actually got). The first sentence is the message ("clip.mov is 4 h 10 min
 * long; the limit is 3 h."), every one is in `details` with the input it is about. The imager's
 * tools have their own limits (checkImageInputLimits).
 */
export function checkInputLimits(
  entry: Pick<CatalogEntry, 'worker'>,
  inputs: readonly VideoLimitsInput[],
  limits: VideoLimits,
): void {
  if (entry.worker !== 'transcoder') return;
  refuseOverLimits(inputs, (input) => checkVideoLimits([input], limits));
}

/**
 * The same for an imager tool (MAX_IMAGE_* in env.ts), on the width, height and size the files
 * service read from the file at upload ("poster.png is 20000×20000 (400 MP); the limit is 100 MP.").
 * The imager checks again on the file it actually got, and also counts frames, which the upload
 * record does not have.
 */
export function checkImageInputLimits(
  entry: Pick<CatalogEntry, 'worker'>,
  inputs: readonly ImageLimitsInput[],
  limits: ImageLimits,
): void {
  if (entry.worker !== 'imager') return;
  refuseOverLimits(inputs, (input) => checkImageLimits([input], limits));
}

function refuseOverLimits<I>(inputs: readonly I[], check: (input: I) => string[]): void {
  const details = inputs.flatMap((input, index) =>
    check(input).map((message) => ({ field: `inputs.${index}`, message })),
  );
  if (details.length === 0) return;
  throw new ApiError(422, 'unprocessable', details[0].message, { details });
}
