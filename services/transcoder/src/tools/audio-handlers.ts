import type { ToolHandler } from '@mediakit/worker';
import { changeAudioSpeed, changeAudioVolume, fadeAudio, trimAudio } from './audio-edits.ts';
import { joinAudio } from './join-audio.ts';
import { normalizeAudio } from './normalize-audio.ts';

/** The audio editing tools (catalog audio-tools.ts, audioEditingTools). */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const audioEditingHandlers: Record<string, ToolHandler<any>> = {
  'trim-audio': trimAudio,
  'change-audio-volume': changeAudioVolume,
  'normalize-audio': normalizeAudio,
  'fade-audio': fadeAudio,
  'join-audio': joinAudio,
  'change-audio-speed': changeAudioSpeed,
};
