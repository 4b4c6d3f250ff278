import { IMAGE_CONVERTER_COPY, VIDEO_CONVERTER_COPY } from './converters.ts';
import { IMAGE_TOOL_COPY } from './image-tools.ts';
import type { ToolCopy } from './types.ts';
import { VIDEO_TOOL_COPY } from './video-tools.ts';

export type { ToolCopy } from './types.ts';

/** Every catalog entry's copy, by name (a test checks that none is missing). */
export const TOOL_COPY: Record<string, ToolCopy> = {
  ...VIDEO_TOOL_COPY,
  ...IMAGE_TOOL_COPY,
  ...VIDEO_CONVERTER_COPY,
  ...IMAGE_CONVERTER_COPY,
};

export const copyFor = (name: string): ToolCopy | undefined => TOOL_COPY[name];
