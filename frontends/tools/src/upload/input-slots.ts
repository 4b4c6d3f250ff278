import { IMAGE_MIMES, VIDEO_MIMES, VIDEO_TOOL_IMAGE_MIMES } from '@mediakit/catalog/mime';
import type { Tool } from '@mediakit/web-api/types';

/** One place on the page where files go: "Video", "Logo", or the tool's single list of files. */
export interface InputSlot {
  label: string;
  accept: readonly string[];
  /** How many files this place takes. */
  max: number;
  /** Fewest files needed before the job can run. */
  min: number;
}

/**
 * Tools whose inputs have positions with their own types (the catalog's `labels` and
 * `acceptByPosition`, which the public Tool does not carry). A test keeps this in step with the
 * catalog.
 */
const POSITIONS: Record<string, [string, readonly string[]][]> = {
  'overlay-image-on-video': [
    ['Video', VIDEO_MIMES],
    ['Image', VIDEO_TOOL_IMAGE_MIMES],
  ],
  'overlay-video-on-video': [
    ['Base video', VIDEO_MIMES],
    ['Overlay video', VIDEO_MIMES],
  ],
  'add-logo-or-watermark-to-video': [
    ['Video', VIDEO_MIMES],
    ['Logo', VIDEO_TOOL_IMAGE_MIMES],
  ],
  'brainrot-creator': [
    ['Main video', VIDEO_MIMES],
    ['Background video', VIDEO_MIMES],
  ],
  'overlay-image-on-image': [
    ['Base image', IMAGE_MIMES],
    ['Overlay image', IMAGE_MIMES],
  ],
};

export function inputSlots(tool: Tool): InputSlot[] {
  const positions = POSITIONS[tool.name];
  if (positions) return positions.map(([label, accept]) => ({ label, accept, max: 1, min: 1 }));
  const noun = inputNoun(tool.inputs.accept);
  const label = tool.inputs.max === 1 ? `Your ${noun}` : `Your ${noun}s`;
  return [{ label, accept: tool.inputs.accept, max: tool.inputs.max, min: tool.inputs.min }];
}

/** What the inputs are called, from what the tool takes: "video", "image", "audio file" or "file". */
function inputNoun(accept: readonly string[]): string {
  const tops = new Set(accept.map((mime) => mime.split('/')[0]));
  if (tops.size !== 1) return 'file';
  const [top] = tops;
  return top === 'audio' ? 'audio file' : top === 'video' || top === 'image' ? top : 'file';
}
