/**
 * Test helper: what a viewer sees of a caption burned into a frame, read from raw RGB pixels (as
 * ffmpeg decodes them). Not used at runtime. Meant for white text on a dark box over grey footage,
 * where nothing is colourful but emoji.
 */

export interface CaptionPixels {
  /** Pixels of strong colour (an emoji's; white text, the box and grey footage have none). */
  colourful: number;
  /** Pixels of white text. */
  ink: number;
  /** Connected shapes of white ink big enough to be a letter (not a dot or an accent). */
  shapes: number;
  /**
   * Shapes whose ink runs all round their bounding rectangle: the "tofu" box a renderer draws for a
   * character its font lacks (a hollow rectangle, or a rectangle with a hex code inside). Letters
   * touch their bounds only in places.
   */
  boxes: { x: number; y: number; width: number; height: number; outline: number }[];
}

const isWhite = (r: number, g: number, b: number) =>
  Math.min(r, g, b) >= 170 && Math.max(r, g, b) - Math.min(r, g, b) < 48;
const isColourful = (r: number, g: number, b: number) =>
  Math.max(r, g, b) >= 128 && Math.max(r, g, b) - Math.min(r, g, b) >= 96;

/** Reads rows [top, bottom) of an RGB frame `width` pixels wide. */
export function readCaptionPixels(rgb: Buffer, width: number, top: number, bottom: number): CaptionPixels {
  const height = bottom - top;
  const mask = new Uint8Array(width * height);
  let colourful = 0;
  let ink = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = ((top + y) * width + x) * 3;
      const [r, g, b] = [rgb[at], rgb[at + 1], rgb[at + 2]];
      if (isColourful(r, g, b)) colourful++;
      if (isWhite(r, g, b)) {
        mask[y * width + x] = 1;
        ink++;
      }
    }
  }
  let shapes = 0;
  const boxes: CaptionPixels['boxes'] = [];
  const seen = new Uint8Array(width * height);
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const shape = floodFill(mask, seen, width, height, start);
    const w = shape.x1 - shape.x0 + 1;
    const h = shape.y1 - shape.y0 + 1;
    if (w < 14 || h < 20) continue;
    shapes++;
    const outline = outlineShare(mask, width, shape);
    if (outline >= 0.96) boxes.push({ x: shape.x0, y: top + shape.y0, width: w, height: h, outline });
  }
  return { colourful, ink, shapes, boxes };
}

interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The bounds of the 8-connected shape of `mask` that holds `start`, marking it in `seen`. */
function floodFill(mask: Uint8Array, seen: Uint8Array, width: number, height: number, start: number): Bounds {
  const b = { x0: width, y0: height, x1: -1, y1: -1 };
  const stack = [start];
  seen[start] = 1;
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const x = i % width;
    const y = (i - x) / width;
    b.x0 = Math.min(b.x0, x);
    b.x1 = Math.max(b.x1, x);
    b.y0 = Math.min(b.y0, y);
    b.y1 = Math.max(b.y1, y);
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const n = ny * width + nx;
        if (mask[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
      }
    }
  }
  return b;
}

/**
 * The share of a shape's bounding rectangle's edge that has ink within 3 px inside it (a stroke
 * blurred by video compression still counts). Any ink inside the rectangle counts, as a shape's
 * bounds are tight.
 */
function outlineShare(mask: Uint8Array, width: number, b: Bounds): number {
  const near = (x: number, y: number, dx: number, dy: number) => {
    for (let k = 0; k < 3; k++) {
      const nx = x + dx * k;
      const ny = y + dy * k;
      if (nx >= b.x0 && nx <= b.x1 && ny >= b.y0 && ny <= b.y1 && mask[ny * width + nx]) return true;
    }
    return false;
  };
  let covered = 0;
  let total = 0;
  for (let x = b.x0; x <= b.x1; x++) {
    covered += Number(near(x, b.y0, 0, 1)) + Number(near(x, b.y1, 0, -1));
    total += 2;
  }
  for (let y = b.y0; y <= b.y1; y++) {
    covered += Number(near(b.x0, y, 1, 0)) + Number(near(b.x1, y, -1, 0));
    total += 2;
  }
  return covered / total;
}
