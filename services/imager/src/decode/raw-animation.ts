/**
 * An animation as decoded pixels: its frames (RGBA, one size) with their delays and loop count. What
 * open-animation.ts and image-sequence.ts produce and the tools' animation.ts consumes.
 */
/** One frame: straight (not premultiplied) RGBA, 8 bits a sample. */
export interface RgbaFrame {
  data: Buffer;
  width: number;
  height: number;
  channels: 4;
}

export interface RawAnimation {
  /** Two or more frames of the same size. */
  frames: RgbaFrame[];
  /** How long each frame shows, in milliseconds (one per frame). */
  delay: number[];
  /** How many times it plays; 0 = forever. */
  loop: number;
}

/** The delay a frame gets when its file says none (browsers show such GIF frames for about 0.1 s). */
export const DEFAULT_FRAME_DELAY_MS = 100;

/** A tall strip of `frames` pages (libvips' layout of an animation) cut into its frames. */
export function splitStrip(data: Buffer, width: number, pageHeight: number, frames: number): RgbaFrame[] {
  const bytes = width * pageHeight * 4;
  if (data.length !== bytes * frames) {
    throw new Error(`Expected ${frames} RGBA frames of ${width}×${pageHeight}, got ${data.length} bytes`);
  }
  return Array.from({ length: frames }, (_, i) => ({
    data: data.subarray(i * bytes, (i + 1) * bytes),
    width,
    height: pageHeight,
    channels: 4 as const,
  }));
}
