import type { FileInfo } from '../api/types.ts';

/** The quality each compress-image level uses in the imager, per format (high = smallest). */
const LEVEL_QUALITY: Record<string, Record<string, number>> = {
  'image/jpeg': { high: 45, medium: 65, low: 80 },
  'image/webp': { high: 40, medium: 60, low: 80 },
};

/** compress-image's `format` choices as MIME types; `keep` (or none) writes the input's own. */
const CHOSEN_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** The MIME type compress-image writes for this input and these params. */
export function outputMime(inputMime: string, params: Record<string, unknown>): string {
  return (typeof params.format === 'string' && CHOSEN_MIME[params.format]) || inputMime;
}

/** Rough share of the original size left per level, for formats the browser cannot re-encode. */
const LEVEL_SHARE: Record<string, number> = { high: 0.35, medium: 0.5, low: 0.7 };

/**
 * A first guess of compress-image's output size, before it runs. A target size is the answer
 * itself (the imager lands within 5 % under it, in KB of 1000 bytes); otherwise a share of the
 * original per level. Never more than the original.
 */
export function estimateSize(input: Pick<FileInfo, 'size'>, params: Record<string, unknown>): number {
  if (typeof params.targetSizeKB === 'number')
    return Math.min(input.size, Math.floor(params.targetSizeKB * 1000));
  const level = typeof params.level === 'string' ? params.level : 'medium';
  return Math.round(input.size * (LEVEL_SHARE[level] ?? LEVEL_SHARE.medium));
}

/**
 * A better guess for JPEG and WebP outputs on this device: the browser encodes the picture at
 * the level's quality, which is close to what the imager writes. Falls back to `estimateSize`.
 */
export async function predictSize(
  local: File | undefined,
  input: Pick<FileInfo, 'size' | 'mime'>,
  params: Record<string, unknown>,
): Promise<number> {
  const fallback = estimateSize(input, params);
  const mime = outputMime(input.mime, params);
  const quality = LEVEL_QUALITY[mime]?.[typeof params.level === 'string' ? params.level : ''];
  if (!local || quality === undefined || typeof createImageBitmap !== 'function') return fallback;
  try {
    const bitmap = await createImageBitmap(local);
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, mime, quality / 100));
    return blob ? Math.min(input.size, blob.size) : fallback;
  } catch {
    return fallback;
  }
}
