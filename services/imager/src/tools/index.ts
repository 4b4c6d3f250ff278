import type { ToolHandler } from '@mediakit/worker';
import { converterHandlers } from './converters.ts';
import { editingHandlers } from './editing.ts';

/** The imager's tools by catalog name: the image converters and the image editing tools. */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them.
export const handlers: Record<string, ToolHandler<any>> = { ...converterHandlers, ...editingHandlers };
