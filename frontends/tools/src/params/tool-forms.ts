import type { FileInfo } from '../api/types.ts';
import type { FormValues } from './schema-fields.ts';

/** Two fields of which exactly one is sent (the catalog's `exactlyOne` rules). */
export interface Alternative {
  /** The radio group's question. */
  label: string;
  options: { field: string; label: string }[];
}

/**
 * What the schema alone cannot say about a tool's form: either/or fields, fields that only apply
 * in one mode, starting values the schema leaves open, and the checks across fields the server
 * makes too (so the user sees them before submitting).
 */
export interface ToolForm {
  alternatives?: Alternative[];
  /** Field path → whether it applies for these values (it is hidden and not sent otherwise). */
  showWhen?: Record<string, (values: FormValues) => boolean>;
  /** Starting values where the schema has no default; a function sees the first input file. */
  startValues?: (input: FileInfo | undefined) => FormValues;
  /** Problems by field path, across fields and against the inputs. */
  check?: (params: Record<string, unknown>, inputs: FileInfo[]) => Record<string, string>;
}

const secs = (n: number) => String(Number(n.toFixed(2)));

function endAfterStart(params: Record<string, unknown>, errors: Record<string, string>, label = 'End') {
  const start = typeof params.start === 'number' ? params.start : 0;
  if (typeof params.end === 'number' && params.end <= start)
    errors.end = `${label} must be later than the start (${secs(start)} s).`;
}

/** trim-video and trim-audio: the end starts at the file's length and may not pass it. */
function trimForm(what: 'video' | 'audio'): ToolForm {
  return {
    startValues: (input) => ({ start: '0', end: input?.duration ? secs(input.duration) : '' }),
    check(params, [file]) {
      const errors: Record<string, string> = {};
      endAfterStart(params, errors);
      if (file?.duration && typeof params.end === 'number' && params.end > file.duration + 0.001)
        errors.end = `End must be at most ${secs(file.duration)} s, the length of this ${what}.`;
      return errors;
    },
  };
}

/**
 * The converters to WebP and AVIF (catalog webp-avif.ts): a lossless encode has no quality (the
 * server refuses both together), so the quality field goes away while lossless is on.
 */
function webpAvifForms(): Record<string, ToolForm> {
  const form: ToolForm = { showWhen: { quality: (values) => values.lossless !== 'true' } };
  const sources = ['jpg', 'png', 'gif', 'bmp', 'tiff', 'webp', 'heic', 'avif', 'ico', 'svg', 'psd'];
  const names = sources.flatMap((from) =>
    ['webp', 'avif'].filter((to) => to !== from).map((to) => `${from}-to-${to}`),
  );
  return Object.fromEntries(names.map((name) => [name, form]));
}

const even = (n: number) => Math.max(16, Math.round(n / 2) * 2);

export const TOOL_FORMS: Record<string, ToolForm> = {
  'trim-video': trimForm('video'),
  'trim-audio': trimForm('audio'),
  'video-to-gif': {
    // The catalog's MAX_GIF_SECONDS: the first minute at most, as the API refuses longer parts.
    startValues: (input) => ({ start: '0', end: input?.duration ? secs(Math.min(input.duration, 60)) : '' }),
    check(params, [video]) {
      const errors: Record<string, string> = {};
      endAfterStart(params, errors);
      const start = typeof params.start === 'number' ? params.start : 0;
      const end = typeof params.end === 'number' ? params.end : video?.duration;
      if (video?.duration && typeof params.end === 'number' && params.end > video.duration + 0.001)
        errors.end = `End must be at most ${secs(video.duration)} s, the length of this video.`;
      else if (end !== undefined && end - start > 60)
        errors.end = `A GIF can be at most 60 s long: set the end to ${secs(start + 60)} s or earlier.`;
      return errors;
    },
  },
  'compress-video': {
    alternatives: [
      {
        label: 'How to compress',
        options: [
          { field: 'level', label: 'By level' },
          { field: 'targetSizeMB', label: 'To a target size' },
        ],
      },
    ],
    startValues: () => ({ level: 'medium' }),
  },
  'compress-image': {
    alternatives: [
      {
        label: 'How to compress',
        options: [
          { field: 'level', label: 'By level' },
          { field: 'targetSizeKB', label: 'To a target size' },
        ],
      },
    ],
    startValues: () => ({ level: 'medium' }),
  },
  'resize-video': {
    startValues: (input) =>
      input?.width && input.height
        ? { width: String(even(input.width)), height: String(even(input.height)) }
        : { width: '1280', height: '720' },
  },
  'resize-image': {
    startValues: (input) =>
      input?.width ? { width: String(Math.round(input.width / 2)) } : { width: '800' },
    check(params): Record<string, string> {
      return params.width === undefined && params.height === undefined
        ? { width: 'Give a width or a height (or both).' }
        : {};
    },
  },
  'crop-video': {
    startValues: (input) => cropStart(input, true),
  },
  'crop-image': {
    startValues: (input) => cropStart(input, false),
  },
  'video-frame-extractor': {
    showWhen: {
      interval: (values) => (values.mode || 'interval') === 'interval',
      times: (values) => values.mode === 'times',
    },
    startValues: () => ({ interval: '1' }),
    check(params, [video]) {
      const errors: Record<string, string> = {};
      if (params.mode === 'times' && params.times === undefined)
        errors.times = 'List at least one time in seconds.';
      if ((params.mode ?? 'interval') === 'interval' && params.interval === undefined)
        errors.interval = 'Give the seconds between frames.';
      const late =
        Array.isArray(params.times) && video?.duration
          ? params.times.filter((t) => t >= (video.duration ?? 0))
          : [];
      if (late.length > 0)
        errors.times = `${late.join(', ')} ${late.length === 1 ? 'is' : 'are'} past the end of this ${secs(video?.duration ?? 0)} s video.`;
      return errors;
    },
  },
  'overlay-image-on-video': {
    check(params) {
      const errors: Record<string, string> = {};
      endAfterStart(params, errors, 'Show until');
      return errors;
    },
  },
  'normalize-audio': {
    showWhen: { target: (values) => values.preset === 'custom' },
    check(params): Record<string, string> {
      return params.preset === 'custom' && params.target === undefined
        ? { target: 'Give the loudness to reach, in LUFS (e.g. -16).' }
        : {};
    },
  },
  ...webpAvifForms(),
};

/** A centered box of half the frame, as a starting crop. */
function cropStart(input: FileInfo | undefined, evenSides: boolean): FormValues {
  if (!input?.width || !input.height) return {};
  const round = (n: number) => (evenSides ? Math.max(2, Math.floor(n / 2) * 2) : Math.max(1, Math.round(n)));
  const width = round(input.width / 2);
  const height = round(input.height / 2);
  return {
    x: String(Math.floor((input.width - width) / 2)),
    y: String(Math.floor((input.height - height) / 2)),
    width: String(width),
    height: String(height),
  };
}

/** Paths hidden for these values: the unchosen side of each either/or, fields of another mode. */
/**
 * Fields a tool takes but that do nothing for it, never offered: a converter to PNG writes every
 * pixel losslessly, so its `quality` (kept in the schema for API callers) is ignored.
 */
export function idleFields(tool: { kind: string; output: { formats: readonly string[] } }): Set<string> {
  return new Set(tool.kind === 'converter' && tool.output.formats[0] === 'png' ? ['quality'] : []);
}

export function hiddenFields(
  form: ToolForm | undefined,
  values: FormValues,
  chosen: Record<string, string>,
): Set<string> {
  const hidden = new Set<string>();
  for (const [index, alternative] of (form?.alternatives ?? []).entries()) {
    const pick = chosen[index] ?? alternative.options[0].field;
    for (const option of alternative.options) if (option.field !== pick) hidden.add(option.field);
  }
  for (const [path, applies] of Object.entries(form?.showWhen ?? {})) if (!applies(values)) hidden.add(path);
  return hidden;
}
