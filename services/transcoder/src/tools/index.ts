import type { ToolHandler } from '@mediakit/worker';
import { audioConverterHandlers } from './audio-converters.ts';
import { audioEditingHandlers } from './audio-handlers.ts';
import { compositionHandlers } from './composition.ts';
import { converterHandlers } from './converters.ts';
import { editingHandlers } from './editing.ts';
import { gifWebmHandlers } from './gif-webm.ts';

/**
 * Tool name (catalog) → handler, from three registries: single-clip edits, tools that combine
 * several inputs, and the converters to MP4.
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them against the catalog
export const handlers: Record<string, ToolHandler<any>> = {
  ...editingHandlers,
  ...compositionHandlers,
  ...converterHandlers,
  ...audioConverterHandlers,
  ...audioEditingHandlers,
  ...gifWebmHandlers,
};
