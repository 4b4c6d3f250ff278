/** Megapixels as people write them: 100, 35.4, 0.3. */
export const megapixels = (pixels: number) => Number((pixels / 1_000_000).toFixed(1));

/**
 * The sentence for a file with more pixels than the tool takes (the catalog's `inputs.maxPixels`,
 * the same number the worker enforces), from the dimensions the server read at upload; none when it
 * fits or is not known. Said on the card as soon as the upload answers, not after pressing Run.
 */
export function pixelProblem(
  file: { media: string; width?: number; height?: number },
  maxPixels: number | undefined,
): string | undefined {
  const { width, height } = file;
  if (!maxPixels || !width || !height || width * height <= maxPixels) return undefined;
  const noun = file.media === 'video' ? 'video' : 'image';
  return `This ${noun} is ${width} × ${height} pixels; this tool takes ${noun}s up to ${megapixels(maxPixels)} megapixels. Make it smaller and add it again.`;
}
