/** A crop box in the source's pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Frame {
  width: number;
  height: number;
}

export type Handle = 'nw' | 'ne' | 'sw' | 'se';

export interface CropRules {
  /** width / height, when the ratio is locked (PAN photo: 25 / 35). */
  ratio?: number;
  /** Smallest side in pixels. */
  min?: number;
  /** Round sides to even numbers (video encoders need them). */
  even?: boolean;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Whole pixels, inside the frame, even sides when asked, the ratio kept as closely as pixels allow. */
export function normalize(box: Box, frame: Frame, rules: CropRules = {}): Box {
  const min = Math.max(1, rules.min ?? 1);
  const step = rules.even ? 2 : 1;
  const snap = (n: number) => Math.max(step, Math.floor(n / step) * step);
  let width = snap(clamp(Math.round(box.width), min, frame.width));
  let height = snap(clamp(Math.round(box.height), min, frame.height));
  if (rules.ratio) {
    // Keep the width, derive the height; when that does not fit, go from the height instead.
    height = snap(Math.round(width / rules.ratio));
    if (height > frame.height) {
      height = snap(frame.height);
      width = snap(Math.round(height * rules.ratio));
    }
  }
  const x = clamp(Math.round(box.x), 0, frame.width - width);
  const y = clamp(Math.round(box.y), 0, frame.height - height);
  return { x, y, width, height };
}

/** The largest box of the ratio, centered (the starting crop of a locked ratio). */
export function centered(frame: Frame, rules: CropRules = {}, scale = 1): Box {
  let width = frame.width * scale;
  let height = frame.height * scale;
  if (rules.ratio) {
    if (width / height > rules.ratio) width = height * rules.ratio;
    else height = width / rules.ratio;
  }
  return normalize(
    { x: (frame.width - width) / 2, y: (frame.height - height) / 2, width, height },
    frame,
    rules,
  );
}

/** The box moved by (dx, dy), stopped at the frame's edges. */
export function move(box: Box, dx: number, dy: number, frame: Frame): Box {
  return {
    ...box,
    x: clamp(Math.round(box.x + dx), 0, frame.width - box.width),
    y: clamp(Math.round(box.y + dy), 0, frame.height - box.height),
  };
}

/**
 * The box with one corner dragged by (dx, dy); the opposite corner stays put. With a locked ratio
 * the larger of the two movements decides the size.
 */
export function resize(
  box: Box,
  handle: Handle,
  dx: number,
  dy: number,
  frame: Frame,
  rules: CropRules = {},
): Box {
  const min = Math.max(1, rules.min ?? 1);
  const left = handle === 'nw' || handle === 'sw';
  const top = handle === 'nw' || handle === 'ne';
  // The fixed corner and how far the box may reach from it.
  const fixedX = left ? box.x + box.width : box.x;
  const fixedY = top ? box.y + box.height : box.y;
  const roomX = left ? fixedX : frame.width - fixedX;
  const roomY = top ? fixedY : frame.height - fixedY;
  let width = clamp(box.width + (left ? -dx : dx), min, roomX);
  let height = clamp(box.height + (top ? -dy : dy), min, roomY);
  if (rules.ratio) {
    const ratio = rules.ratio;
    const byWidth = Math.abs(dx) * (box.height / box.width) >= Math.abs(dy);
    if (byWidth) height = width / ratio;
    else width = height * ratio;
    // Shrink both together if the derived side ran out of room.
    const fit = Math.min(1, roomX / width, roomY / height);
    width *= fit;
    height *= fit;
  }
  const step = rules.even ? 2 : 1;
  const snap = (n: number) => Math.max(step, Math.floor(n / step) * step);
  width = snap(width);
  height = rules.ratio ? snap(width / rules.ratio) : snap(height);
  return {
    x: left ? fixedX - width : fixedX,
    y: top ? fixedY - height : fixedY,
    width,
    height,
  };
}

/** Grows (or shrinks, negative) the box around its center, ratio kept: the keyboard's + and −. */
export function grow(box: Box, by: number, frame: Frame, rules: CropRules = {}): Box {
  const ratio = rules.ratio ?? box.width / box.height;
  const width = clamp(box.width + by, rules.min ?? 1, frame.width);
  const height = width / ratio;
  if (height > frame.height) return box;
  return normalize(
    { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height },
    frame,
    rules,
  );
}
