import type { Tool } from '@mediakit/web-api/types';
import type { ToolForm } from './tool-forms.ts';

/** Formats that keep every sample: a bitrate or VBR level means nothing for them. */
const LOSSLESS = ['wav', 'flac'];
/** The rates libopus encodes at (the catalog's opusSampleRates rule). */
const OPUS_RATES = [8000, 16000, 24000, 48000];

type Properties = Record<string, { default?: unknown } | undefined>;

/**
 * The audio outputs' settings (catalog audio-params.ts) across fields, as the server checks them:
 * bitrate or VBR level, never both, and neither for WAV or FLAC (hidden then); Opus only at its own
 * rates. For every tool whose params have a bitrate and a VBR level: the converters to lossy
 * formats, the audio converter and extract-audio.
 */
export function audioSettingsForm(tool: Pick<Tool, 'params' | 'output'>): ToolForm | undefined {
  const properties = (tool.params.properties ?? {}) as Properties;
  if (!properties.bitrate || !properties.vbr) return undefined;
  const fixed = tool.output.formats.length === 1 ? tool.output.formats[0] : undefined;
  const chosen = (format: unknown) => fixed ?? String(format || properties.format?.default || '');
  const lossy = (values: Record<string, string>) => !LOSSLESS.includes(chosen(values.format));
  return {
    showWhen: fixed ? undefined : { bitrate: lossy, vbr: lossy },
    check(params) {
      const errors: Record<string, string> = {};
      if (params.bitrate !== undefined && params.vbr !== undefined)
        errors.vbr = 'Choose a bitrate or a VBR quality, not both.';
      const rate = params.sampleRate;
      if (chosen(params.format) === 'opus' && typeof rate === 'number' && !OPUS_RATES.includes(rate))
        errors.sampleRate = 'Opus is made at 8000, 16000, 24000 or 48000 Hz: choose one of those.';
      return errors;
    },
  };
}
