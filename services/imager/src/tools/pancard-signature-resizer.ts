/**
 * pancard-signature-resizer: one scanned signature made into what PAN card applications accept: as large
 * as fits inside 354×157 pixels (2 cm × 4.5 cm at 200 DPI) keeping its aspect ratio (a small scan is
 * enlarged), 200 DPI written in the file, under 20 KB (at most 19 999 bytes), no EXIF from the input.
 *
 * - `white`: a JPEG, anything transparent flattened onto white; 200 DPI as EXIF resolution and JFIF.
 * - `transparent`: a PNG where the paper disappears. From each pixel's luma (Rec. 709 weights on the sRGB
 *   values, 0..255): at or below 200 it is ink (alpha 255), at or above 230 it is paper (alpha 0), and in
 *   between alpha falls linearly, so anti-aliased pen edges fade instead of leaving a jagged white halo.
 *   Scanned paper is rarely pure white (230 tolerates grey-ish scans); pen strokes, even light blue
 *   ballpoint, typically stay well under 200. Paper pixels are written white, so a viewer without alpha shows white.
 *   200 DPI as pHYs (and EXIF resolution).
 *
 * Budget: the best quality under 20 KB (JPEG quality, or PNG palette quality: fewer colours), then, as the
 * rules only bound the box, 10 % smaller on each side at a time, until it fits. It always fits: a few
 * pixels of JPEG or PNG are far under 20 KB.
 */
import type { ToolHandler } from '@mediakit/worker';
import { openImage } from '../decode/open-image.ts';
import { fitByteBudget, resizeToScale, shrinkSteps } from './editing-byte-budget.ts';
import { eachInput } from './editing-each-input.ts';
import { PAN_DPI, PAN_MAX_BYTES, panJpeg, withJfifDensity } from './editing-pan.ts';
import { fromRaw, type RawImage, type Size, toRaw } from './editing-pixels.ts';
import { qualityOutput } from './editing-quality.ts';
import { applyPlan, type ImagePlan, type PixelSteps, pixelStepsOf, planImageJob } from './pipeline.ts';

export const PAN_SIGNATURE_BOX: Readonly<Size> = { width: 354, height: 157 };

/** Luma at or below this is ink (opaque). */
export const INK_LUMA = 200;
/** Luma at or above this is paper (transparent). */
export const PAPER_LUMA = 230;

/** 1, 0.9, 0.81, ... down to 2 % of each side (7×3 pixels): the search cannot run out of steps. */
export const SIGNATURE_SCALES: readonly number[] = shrinkSteps(0.02);

export type SignatureBackground = 'white' | 'transparent';

export interface PanSignatureParams {
  background?: SignatureBackground;
}

/** Pure: from the input to the signature's pixels, as large as fits the box, on white. */
export function planSignaturePixels(): PixelSteps {
  const steps = pixelStepsOf(
    planImageJob({
      format: 'jpeg', // for the white flatten
      resize: { ...PAN_SIGNATURE_BOX, fit: 'inside' },
    }),
  );
  // `inside` never enlarges elsewhere; here the largest size that fits is the point.
  if (steps.resize) steps.resize = { ...steps.resize, withoutEnlargement: false };
  return steps;
}

/** Pure: alpha (0..255) for a pixel of this luma (0..255). */
export function signatureAlpha(luma: number): number {
  if (luma <= INK_LUMA) return 255;
  if (luma >= PAPER_LUMA) return 0;
  return Math.round((255 * (PAPER_LUMA - luma)) / (PAPER_LUMA - INK_LUMA));
}

/** Pure: RGB pixels → RGBA with the paper made transparent (see the header). */
export function transparentPaper(rgb: RawImage): RawImage {
  if (rgb.channels !== 3) throw new RangeError('transparentPaper needs RGB pixels');
  const pixels = rgb.width * rgb.height;
  const out = Buffer.alloc(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const r = rgb.data[i * 3];
    const g = rgb.data[i * 3 + 1];
    const b = rgb.data[i * 3 + 2];
    const alpha = signatureAlpha(0.2126 * r + 0.7152 * g + 0.0722 * b);
    if (alpha === 0) out.set([255, 255, 255, 0], i * 4);
    else out.set([r, g, b, alpha], i * 4);
  }
  return { data: out, width: rgb.width, height: rgb.height, channels: 4 };
}

/** Pure: one encode of the search, from the signature's pixels of size `size`. */
export function planSignatureEncode(
  background: SignatureBackground,
  size: Size,
  quality: number,
  scale: number,
): ImagePlan {
  const resize = resizeToScale(size, scale);
  if (background === 'white') {
    return { ...planImageJob({ format: 'jpeg', resize, density: PAN_DPI }), output: panJpeg(quality) };
  }
  return {
    ...planImageJob({ format: 'png', resize, density: PAN_DPI }),
    output: qualityOutput('png', quality, true),
  };
}

export const pancardSignatureResizer: ToolHandler<PanSignatureParams> = (ctx) =>
  eachInput(ctx, async (input, base) => {
    const background = ctx.params.background ?? 'white';
    const rgb = await toRaw(await openImage(input), planSignaturePixels(), 'drop', ctx.signal);
    const pixels = background === 'white' ? rgb : transparentPaper(rgb);
    const result = await fitByteBudget({
      maxBytes: PAN_MAX_BYTES,
      minQuality: 1,
      maxQuality: 100,
      steps: SIGNATURE_SCALES,
      encode: async (quality, scale) => {
        const plan = planSignatureEncode(background, pixels, quality, scale);
        const encoded = await applyPlan(fromRaw(pixels), plan).toBuffer();
        return plan.output.format === 'jpeg' ? withJfifDensity(encoded, PAN_DPI) : encoded;
      },
      signal: ctx.signal,
    });
    ctx.log.debug({ input: input.fileId, attempts: result.attempts }, 'PAN signature size search');
    if (!result.fits) throw new Error(`PAN signature still ${result.smallest.data.length} bytes at 2 % size`);
    return {
      data: result.data,
      extension: background === 'white' ? 'jpg' : 'png',
      name: `${base}-pan-signature`,
    };
  });
