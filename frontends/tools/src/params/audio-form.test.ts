import { getEntry, toPublicTool } from '@mediakit/catalog';
import type { Tool } from '@mediakit/web-api/types';
import { describe, expect, test } from 'vitest';
import { audioSettingsForm } from './audio-form.ts';
import { hiddenFields, TOOL_FORMS } from './tool-forms.ts';

const tool = (name: string) => {
  const entry = getEntry(name);
  if (!entry) throw new Error(`${name} is not in the catalog`);
  return toPublicTool(entry) as unknown as Tool;
};

describe('audio settings on the page, as the server checks them', () => {
  test('the audio converter hides bitrate and VBR for WAV and FLAC', () => {
    const form = audioSettingsForm(tool('audio-converter'));
    expect([...hiddenFields(form, { format: 'wav' }, {})].sort()).toEqual(['bitrate', 'vbr']);
    expect([...hiddenFields(form, { format: 'ogg' }, {})]).toEqual([]);
    expect([...hiddenFields(form, {}, {})]).toEqual([]); // MP3 by default
  });

  test('a bitrate and a VBR level together are refused before submitting', () => {
    expect(audioSettingsForm(tool('wav-to-mp3'))?.check?.({ bitrate: 128, vbr: 'high' }, [])).toEqual({
      vbr: 'Choose a bitrate or a VBR quality, not both.',
    });
    expect(audioSettingsForm(tool('wav-to-mp3'))?.check?.({ bitrate: 128 }, [])).toEqual({});
  });

  test('Opus only at its own rates, whether fixed by the converter or chosen', () => {
    const refused = { sampleRate: 'Opus is made at 8000, 16000, 24000 or 48000 Hz: choose one of those.' };
    expect(audioSettingsForm(tool('mp3-to-opus'))?.check?.({ sampleRate: 44100 }, [])).toEqual(refused);
    expect(audioSettingsForm(tool('mp3-to-opus'))?.check?.({ sampleRate: 48000 }, [])).toEqual({});
    const converter = audioSettingsForm(tool('audio-converter'));
    expect(converter?.check?.({ format: 'opus', sampleRate: 22050 }, [])).toEqual(refused);
    expect(converter?.check?.({ format: 'mp3', sampleRate: 22050 }, [])).toEqual({});
  });

  test('lossless converters and other tools have no such form', () => {
    expect(audioSettingsForm(tool('mp3-to-wav'))).toBeUndefined();
    expect(audioSettingsForm(tool('trim-video'))).toBeUndefined();
  });

  test('normalize-audio asks for a target only with the custom preset', () => {
    const form = TOOL_FORMS['normalize-audio'];
    expect([...hiddenFields(form, { preset: 'streaming' }, {})]).toEqual(['target']);
    expect([...hiddenFields(form, { preset: 'custom' }, {})]).toEqual([]);
    expect(form.check?.({ preset: 'custom' }, [])).toEqual({
      target: 'Give the loudness to reach, in LUFS (e.g. -16).',
    });
  });
});
