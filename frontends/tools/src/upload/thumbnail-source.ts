import type { PreviewPlan } from '@mediakit/web-ui/media-preview';

/**
 * The most pixels a thumbnail is decoded from: a phone's 50 MP photo is fine, while a picture far
 * larger (often a small file: a 30000 × 30000 PNG of one colour is 100 KB) would take gigabytes.
 */
export const DECODE_LIMIT = 64_000_000;

/**
 * Where a card's thumbnail comes from: the file on the device, the server's inline link (a file
 * passed from another tool), nothing yet (a picture whose size is not known: its header is not one
 * read here and the server has not answered), or a stand-in with the format's name.
 */
export function thumbnailSource(
  plan: PreviewPlan,
  input: {
    /** The file is on this device. */
    local: boolean;
    /** width × height, from the picture's header or the server's reading, when known. */
    pixels?: number;
    /** The upload is over (the server's reading is in, or it failed): nothing more will be known. */
    settled: boolean;
  },
): 'device' | 'server' | 'wait' | 'stand-in' {
  if (plan.kind === 'stand-in') return 'stand-in';
  if (plan.kind === 'image' && input.pixels !== undefined && input.pixels > DECODE_LIMIT) return 'stand-in';
  if (!input.local) return 'server';
  if (plan.kind === 'video' || input.pixels !== undefined) return 'device';
  return input.settled ? 'stand-in' : 'wait';
}
