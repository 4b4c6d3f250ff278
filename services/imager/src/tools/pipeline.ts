/**
 * Image pipelines as data.
 *
 * `planImageJob` is pure: it turns a tool's request into a plain, serialisable `ImagePlan` that unit
 * tests (and logs) can read without touching pixels. `applyPlan` is the only place that turns a plan
 * into sharp calls, so every tool gets the same safety defaults:
 *
 * - EXIF orientation is applied first (`.rotate()` without an angle), so "as displayed" is what the
 *   user gets and later steps (resize box, explicit rotation) work in displayed coordinates.
 * - No metadata is written: sharp strips EXIF (GPS, camera serials...), XMP, IPTC and the ICC profile
 *   unless `withMetadata`/`keep*` is called, and we never call them. Outputs are anonymous by default.
 *   The one exception is a plan's `density` (PAN card presets need 200 DPI in the file): it writes the
 *   resolution into an otherwise empty EXIF, never the input's.
 * - Colour is normalised to sRGB. sharp (0.33+) converts an input with an embedded ICC profile to sRGB
 *   with that profile (perceptual intent) and a CMYK input without one through a built-in CMYK profile;
 *   then the profile is dropped, which is correct because untagged images are displayed as sRGB. The
 *   explicit `toColourspace('srgb')` is sharp's default too; it is spelled out so the plan says it and a
 *   change of default cannot silently write CMYK or 16-bit output.
 * - Only the first frame/page is read: sharp reads page 0 of animated GIF/WebP and multi-page TIFF unless
 *   told otherwise; `pages: 1` makes that explicit (the catalog promises "an animated GIF gives its first
 *   frame").
 * - Decoding is bounded (`limitInputPixels`) and strict (`failOn: 'error'`): a truncated or corrupt file
 *   fails instead of producing a half-grey image.
 */
import { JobFailure } from '@mediakit/worker';
import type {
  AvifOptions,
  GifOptions,
  JpegOptions,
  PngOptions,
  Sharp,
  TiffOptions,
  WebpOptions,
} from 'sharp';
import { DEFAULT_LIMIT_INPUT_PIXELS } from '../decode/open-image.ts';
import { EXTENSION, MAX_SIDE, type OutputFormat, supportsAlpha } from './formats.ts';

export { DEFAULT_LIMIT_INPUT_PIXELS };
/** The input bound (a decompression-bomb guard) also bounds what a resize may produce, so an upscale cannot exhaust memory. */
export const MAX_OUTPUT_PIXELS = DEFAULT_LIMIT_INPUT_PIXELS;
/** Converters' `quality` default (catalog: 1..100). */
export const DEFAULT_QUALITY = 90;

export type ResizeFit = 'contain' | 'cover' | 'fill' | 'inside';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  alpha: number;
}

const WHITE_HEX = '#ffffff';
const WHITE: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };
const TRANSPARENT: Rgba = { r: 0, g: 0, b: 0, alpha: 0 };

/** A rectangle in pixels of the image as displayed (after EXIF orientation). */
export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** What a tool asks for. Callers decide the output format (a converter's target, or the input's own). */
export interface ImageJobSpec {
  format: OutputFormat;
  /** 1..100; only lossy encoders use it. */
  quality?: number;
  /** Keep only this area, in displayed coordinates: cut before any rotation or resize. */
  extract?: Region;
  resize?: { width?: number; height?: number; fit: ResizeFit };
  /** Clockwise, applied after EXIF orientation. */
  rotate?: 0 | 90 | 180 | 270;
  /** A mirror applied AFTER `rotate`, as users read "rotate then flip". */
  flip?: 'none' | 'horizontal' | 'vertical';
  /** Gaussian blur sigma after resizing (smoothing noise so a byte budget can be met). */
  blur?: number;
  /** Pixels per inch to write into the file (EXIF resolution; PNG also pHYs); nothing else is copied. */
  density?: number;
  /** The input's size if known, used only to bound what a resize may produce. */
  inputSize?: { width?: number; height?: number };
}

export interface ResizeStep {
  width?: number;
  height?: number;
  fit: ResizeFit;
  /** The letterbox colour of `contain`. */
  background: Rgba;
  withoutEnlargement: boolean;
}

export type OutputStep =
  | { format: 'jpeg'; options: JpegOptions }
  | { format: 'png'; options: PngOptions }
  | { format: 'webp'; options: WebpOptions }
  | { format: 'gif'; options: GifOptions }
  | { format: 'tiff'; options: TiffOptions }
  | { format: 'avif'; options: AvifOptions };

/**
 * Everything a plan does to the pixels, in the order sharp runs it (`applySteps` calls them so): EXIF
 * orientation, `extract`, `flatten`, `resize`, the mirrors `flip`/`flop`, `rotate`, `extractAfterResize`,
 * `blur`, colour space. sharp always mirrors BEFORE a 90° rotation whatever the call order, so a planner
 * that wants "rotate, then mirror" stores the equivalent mirror-then-rotate (see `mirrorBeforeRotate`).
 */
export interface PixelSteps {
  /** Always true: EXIF orientation is applied before anything else. */
  autoOrient: true;
  /** A crop in displayed coordinates, right after EXIF orientation. */
  extract?: Region;
  /** Mirror top-bottom (about the x-axis), before `rotate`. */
  flip?: true;
  /** Mirror left-right (about the y-axis), before `rotate`. */
  flop?: true;
  rotate?: 90 | 180 | 270;
  /** Set for outputs without alpha: transparent pixels become this colour instead of black. */
  flatten?: { background: string };
  resize?: ResizeStep;
  /** A crop of the resized (and rotated) image, e.g. the part of an overlay that lands on its base. */
  extractAfterResize?: Region;
  /** Gaussian blur sigma (0.3..1000), after the resize. */
  blur?: number;
  colourspace: 'srgb';
}

export interface ImagePlan extends PixelSteps {
  output: OutputStep;
  /** The download extension for `output.format`. */
  extension: string;
  /**
   * Pixels per inch written into the file. Only the density is written: the input's EXIF is dropped
   * first (sharp's density setter alone would carry the input's EXIF, GPS included, into the output).
   */
  density?: number;
}

/** What a plan does to the pixels alone, for a tool that encodes the pixels itself (byte-budget searches). */
export function pixelStepsOf(plan: ImagePlan): PixelSteps {
  const { output: _output, extension: _extension, density: _density, ...steps } = plan;
  return steps;
}

export function planImageJob(spec: ImageJobSpec): ImagePlan {
  const plan: ImagePlan = {
    autoOrient: true,
    colourspace: 'srgb',
    output: planOutput(spec.format, spec.quality),
    extension: EXTENSION[spec.format],
  };
  if (spec.extract) plan.extract = planExtract(spec.extract);
  const mirror = mirrorBeforeRotate(spec.rotate ?? 0, spec.flip ?? 'none');
  if (mirror === 'vertical') plan.flip = true;
  if (mirror === 'horizontal') plan.flop = true;
  if (spec.rotate) plan.rotate = spec.rotate;
  if (!supportsAlpha(spec.format)) plan.flatten = { background: WHITE_HEX };
  if (spec.resize) plan.resize = planResize(spec.resize, spec.format, spec.inputSize);
  if (spec.blur !== undefined && spec.blur > 0) plan.blur = Math.min(1000, Math.max(0.3, spec.blur));
  if (spec.density !== undefined) {
    if (!(spec.density > 0))
      throw new JobFailure('The density must be a positive number of pixels per inch.');
    plan.density = spec.density;
  }
  return plan;
}

/**
 * sharp mirrors before it rotates. "Rotate by r, then mirror m" equals "mirror m', then rotate by r":
 * a quarter turn swaps the axes, so a left-right mirror after 90°/270° is a top-bottom mirror before
 * it (and vice versa); 0° and 180° commute with both mirrors.
 */
export function mirrorBeforeRotate(
  rotate: 0 | 90 | 180 | 270,
  flipAfter: 'none' | 'horizontal' | 'vertical',
): 'none' | 'horizontal' | 'vertical' {
  if (flipAfter === 'none' || rotate === 0 || rotate === 180) return flipAfter;
  return flipAfter === 'horizontal' ? 'vertical' : 'horizontal';
}

function planExtract(region: Region): Region {
  const { left, top, width, height } = region;
  for (const [name, value, min] of [
    ['left', left, 0],
    ['top', top, 0],
    ['width', width, 1],
    ['height', height, 1],
  ] as const) {
    if (!Number.isInteger(value) || value < min) {
      throw new JobFailure(`The crop ${name} must be a whole number of pixels, at least ${min}.`);
    }
  }
  return { left, top, width, height };
}

/** Clamp to the catalog's 1..100; the schema already checks it, this keeps the encoder safe anyway. */
export function normaliseQuality(quality: number | undefined, fallback = DEFAULT_QUALITY): number {
  if (quality === undefined || !Number.isFinite(quality)) return fallback;
  return Math.min(100, Math.max(1, Math.round(quality)));
}

function planOutput(format: OutputFormat, quality: number | undefined): OutputStep {
  switch (format) {
    case 'jpeg':
      // Quality maps 1:1. mozjpeg off: its trellis/scan search makes encoding several times slower for
      // a few percent of size, and keeps libjpeg-turbo's predictable quality scale. Progressive renders
      // early on slow connections and is usually a little smaller.
      return { format, options: { quality: normaliseQuality(quality), progressive: true, mozjpeg: false } };
    case 'png':
      // PNG is lossless, so `quality` does not apply (sharp uses it only for palette quantisation,
      // which is lossy and off here). Adaptive filtering with zlib's default level 6: level 9 takes
      // several times the CPU on large photos for a few percent fewer bytes (docs/benchmarks.md).
      return { format, options: { compressionLevel: 6, adaptiveFiltering: true, palette: false } };
    case 'webp':
      return { format, options: { quality: normaliseQuality(quality) } };
    case 'avif':
      // AVIF's scale is steeper than JPEG's: 60 looks about like JPEG 90 at a fraction of the size.
      return { format, options: { quality: normaliseQuality(quality, 60) } };
    case 'tiff':
      // Lossless LZW: sharp's TIFF default is JPEG compression, which would degrade a TIFF on every edit.
      return { format, options: { compression: 'lzw', predictor: 'horizontal' } };
    case 'gif':
      return { format, options: {} };
  }
}

function planResize(
  request: NonNullable<ImageJobSpec['resize']>,
  format: OutputFormat,
  inputSize: ImageJobSpec['inputSize'],
): ResizeStep {
  const width = positiveInt(request.width, 'width');
  const height = positiveInt(request.height, 'height');
  if (width === undefined && height === undefined) {
    throw new JobFailure('Give a width, a height or both to resize to.');
  }
  // `inside` never enlarges, so it cannot produce more than the (already bounded) input.
  if (request.fit !== 'inside') checkOutputSize(width, height, format, inputSize);

  const step: ResizeStep = {
    fit: request.fit,
    // Bars of `contain` are transparent where the format has alpha, white for JPEG (not sharp's black).
    background: supportsAlpha(format) ? TRANSPARENT : WHITE,
    // `inside` = "fit within the box": a small image stays as it is. The other fits fill the box exactly.
    withoutEnlargement: request.fit === 'inside',
  };
  if (width !== undefined) step.width = width;
  if (height !== undefined) step.height = height;
  return step;
}

function positiveInt(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) {
    throw new JobFailure(`The ${name} must be a whole number of pixels, at least 1.`);
  }
  return value;
}

/**
 * Refuse an output larger than the encoder or our memory bound allows. With one side given, the other is
 * estimated from the input's aspect ratio in the worse orientation (EXIF may swap it), to stay safe.
 */
function checkOutputSize(
  width: number | undefined,
  height: number | undefined,
  format: OutputFormat,
  inputSize: ImageJobSpec['inputSize'],
): void {
  let w = width;
  let h = height;
  const iw = inputSize?.width;
  const ih = inputSize?.height;
  if (iw && ih && (w === undefined || h === undefined)) {
    const worstRatio = Math.max(iw / ih, ih / iw);
    if (w === undefined && h !== undefined) w = Math.ceil(h * worstRatio);
    if (h === undefined && w !== undefined) h = Math.ceil(w * worstRatio);
  }
  const side = Math.max(w ?? 0, h ?? 0);
  if (side > MAX_SIDE[format]) {
    throw new JobFailure(
      `The requested size is too large: ${format.toUpperCase()} images can be at most ${MAX_SIDE[format]} pixels wide or high.`,
    );
  }
  if (w !== undefined && h !== undefined && w * h > MAX_OUTPUT_PIXELS) {
    throw new JobFailure(
      `The requested size is too large: the result may have at most ${MAX_OUTPUT_PIXELS / 1_000_000} megapixels.`,
    );
  }
}

/** The only place where a plan becomes sharp calls. sharp orders the operations itself; see the header. */
export function applyPlan(image: Sharp, plan: ImagePlan): Sharp {
  return applyOutput(applySteps(image, plan), plan);
}

/**
 * The pixel steps alone, for tools that take the pixels out (`.raw()`) to work on them or to encode
 * them several times. Call order matters to sharp: `extract` before `rotate(angle)` keeps the crop in
 * displayed coordinates, and before `resize` makes it a pre-resize crop.
 */
export function applySteps(image: Sharp, steps: PixelSteps): Sharp {
  let out = image.rotate(); // no angle = EXIF orientation (and the tag is dropped)
  if (steps.extract) out = out.extract(steps.extract);
  if (steps.flip) out = out.flip();
  if (steps.flop) out = out.flop();
  if (steps.rotate) out = out.rotate(steps.rotate);
  if (steps.flatten) out = out.flatten({ background: steps.flatten.background });
  if (steps.resize) {
    const { width, height, fit, background, withoutEnlargement } = steps.resize;
    out = out.resize({ width, height, fit, background, withoutEnlargement });
  }
  if (steps.extractAfterResize) out = out.extract(steps.extractAfterResize);
  if (steps.blur) out = out.blur(steps.blur);
  return out.toColourspace(steps.colourspace);
}

function applyOutput(image: Sharp, plan: Pick<ImagePlan, 'output' | 'density'>): Sharp {
  let out = image;
  // `withExif({})` replaces the input's EXIF with nothing; `withDensity` then writes the resolution
  // into a minimal EXIF (and pHYs for PNG; sharp writes no JFIF header). withDensity alone would keep
  // the input's EXIF, GPS included.
  if (plan.density) out = out.withExif({}).withDensity(plan.density);
  const { output } = plan;
  switch (output.format) {
    case 'jpeg':
      return out.jpeg(output.options);
    case 'png':
      return out.png(output.options);
    case 'webp':
      return out.webp(output.options);
    case 'gif':
      return out.gif(output.options);
    case 'tiff':
      return out.tiff(output.options);
    case 'avif':
      return out.avif(output.options);
  }
}
