import { catalog, toPublicTool } from '@mediakit/catalog';
import { describe, expect, test } from 'vitest';
import { buildParams, defaultValues, fieldsOf, type JsonSchema, sliderView } from './schema-fields.ts';
import { hiddenFields, idleFields, TOOL_FORMS } from './tool-forms.ts';

const schemaOf = (name: string) => {
  const entry = catalog.find((e) => e.name === name);
  if (!entry) throw new Error(name);
  return toPublicTool(entry).params as JsonSchema;
};

describe('params form from the JSON Schema', () => {
  test('controls fit the field: sliders for short bounded ranges, choices, numbers with units', () => {
    const fields = fieldsOf(schemaOf('add-logo-or-watermark-to-video'));
    expect(fields.map((f) => [f.path, f.kind, f.label, f.unit])).toEqual([
      ['position', 'select', 'Position', undefined],
      ['scale', 'slider', 'Logo size', '% of video width'],
      ['opacity', 'slider', 'Opacity', '%'],
      ['margin', 'number', 'Margin', 'px'],
    ]);
    expect(defaultValues(fields)).toEqual({
      position: 'bottom-right',
      scale: '15',
      opacity: '100',
      margin: '20',
    });
    expect(fieldsOf(schemaOf('rotate-flip-image'))[0]).toMatchObject({
      kind: 'choice',
      options: [0, 90, 180, 270],
    });
  });

  test('the schema defaults build params the server accepts as they are', () => {
    const fields = fieldsOf(schemaOf('speed-up-down-video'));
    expect(buildParams(fields, defaultValues(fields))).toEqual({ params: { factor: 2 }, errors: {} });
  });

  test('bounds, whole numbers and even numbers are checked before submit, with the rule in the message', () => {
    const fields = fieldsOf(schemaOf('resize-video'));
    const { errors } = buildParams(fields, { width: '1281', height: '8000', fit: 'contain' });
    expect(errors).toEqual({
      width: 'Width must be an even number between 16 and 7680.',
      height: 'Height must be an even number between 16 and 7680.',
    });
    const trim = fieldsOf(schemaOf('trim-video'));
    expect(buildParams(trim, { start: '0', end: '' }).errors).toEqual({ end: 'End is required.' });
    expect(buildParams(trim, { start: '-1', end: 'abc' }).errors).toEqual({
      start: 'Start must be a number, 0 or more.',
      end: 'End must be a number greater than 0.',
    });
    expect(buildParams(trim, { start: '1,5', end: '3' }).params).toEqual({ start: 1.5, end: 3 });
  });

  test('text length and patterns, lists of times', () => {
    const caption = fieldsOf(schemaOf('brainrot-creator'));
    expect(buildParams(caption, { layout: 'main-top', caption: 'x'.repeat(121) }).errors).toEqual({
      caption: 'Caption must be at most 120 characters (now 121).',
    });
    const join = fieldsOf(schemaOf('join-video'));
    expect(buildParams(join, { resolution: 'big' }).errors.resolution).toBe(
      'Resolution must look like 1920x1080.',
    );
    const frames = fieldsOf(schemaOf('video-frame-extractor'));
    expect(buildParams(frames, { mode: 'times', times: '1, 2.5 -3', format: 'jpg' }).errors.times).toBe(
      'At times: -3 is not a number, 0 or more.',
    );
    expect(buildParams(frames, { mode: 'times', times: '1 2.5', format: 'png' }).params).toEqual({
      mode: 'times',
      times: [1, 2.5],
      format: 'png',
    });
  });

  test('an optional group (the PAN photo crop) is left out when empty and complete when used', () => {
    const fields = fieldsOf(schemaOf('pancard-photo-resizer'));
    expect(fields[0]).toMatchObject({ kind: 'group', path: 'crop' });
    expect(buildParams(fields, defaultValues(fields))).toEqual({ params: {}, errors: {} });
    expect(
      buildParams(fields, { 'crop.x': '10', 'crop.y': '', 'crop.width': '250', 'crop.height': '350' }).errors,
    ).toEqual({
      'crop.y': 'Top is required.',
    });
    expect(
      buildParams(fields, { 'crop.x': '10', 'crop.y': '0', 'crop.width': '250', 'crop.height': '350' })
        .params,
    ).toEqual({ crop: { x: 10, y: 0, width: 250, height: 350 } });
  });

  test('either/or: only the chosen side of compress-image is sent', () => {
    const fields = fieldsOf(schemaOf('compress-image'));
    const form = TOOL_FORMS['compress-image'];
    const values = { level: 'medium', targetSizeKB: '200' };
    expect(buildParams(fields, values, hiddenFields(form, values, {})).params).toEqual({ level: 'medium' });
    expect(buildParams(fields, values, hiddenFields(form, values, { 0: 'targetSizeKB' })).params).toEqual({
      targetSizeKB: 200,
    });
  });

  test('a lossless WebP or AVIF sends no quality, which the server would refuse', () => {
    const fields = fieldsOf(schemaOf('png-to-webp'));
    const form = TOOL_FORMS['png-to-webp'];
    const lossy = { quality: '80', effort: '4', lossless: 'false' };
    expect(buildParams(fields, lossy, hiddenFields(form, lossy, {})).params).toMatchObject({ quality: 80 });
    const lossless = { ...lossy, lossless: 'true' };
    expect(buildParams(fields, lossless, hiddenFields(form, lossless, {})).params).toEqual({
      effort: 4,
      lossless: true,
    });
    expect(Object.keys(TOOL_FORMS).filter((name) => /-to-(webp|avif)$/.test(name))).toHaveLength(20);
  });

  test('trim: end after start and within the video, as the server checks', () => {
    const check = TOOL_FORMS['trim-video'].check;
    const video = { duration: 10 } as never;
    expect(check?.({ start: 4, end: 3 }, [video])).toEqual({
      end: 'End must be later than the start (4 s).',
    });
    expect(check?.({ start: 0, end: 12 }, [video])).toEqual({
      end: 'End must be at most 10 s, the length of this video.',
    });
    expect(check?.({ start: 1, end: 9 }, [video])).toEqual({});
  });
});

describe('a converter’s optional quality slider', () => {
  const fields = fieldsOf(schemaOf('png-to-jpg'));
  const quality = fields.find((f) => f.path === 'quality');
  if (!quality) throw new Error('png-to-jpg has no quality field');

  test('unset reads "Auto" with the thumb in the middle (not at 1), and sends no quality', () => {
    expect(quality).toMatchObject({ kind: 'slider', required: false });
    const values = defaultValues(fields);
    expect(values.quality).toBe('');
    expect(sliderView(quality, values.quality)).toEqual({
      position: '50',
      text: 'Auto',
      auto: true,
      canReset: false,
    });
    expect(buildParams(fields, values)).toEqual({ params: {}, errors: {} });
  });

  test('moving it sets a number, which is sent; the way back to Auto is offered', () => {
    expect(sliderView(quality, '72')).toEqual({ position: '72', text: '72', auto: false, canReset: true });
    expect(buildParams(fields, { quality: '72' }).params).toEqual({ quality: 72 });
    // Back to Auto is the empty value again.
    expect(sliderView(quality, '').text).toBe('Auto');
  });

  test('sliders with a default show their number and offer no Auto', () => {
    const scale = fieldsOf(schemaOf('add-logo-or-watermark-to-video')).find((f) => f.path === 'scale');
    if (!scale) throw new Error('no scale field');
    expect(sliderView(scale, '15')).toEqual({ position: '15', text: '15', auto: false, canReset: false });
  });
});

test('a converter to PNG offers no quality (PNG is lossless); one to JPG does', () => {
  const tool = (name: string) => {
    const entry = catalog.find((e) => e.name === name);
    if (!entry) throw new Error(name);
    return toPublicTool(entry);
  };
  expect([...idleFields(tool('heic-to-png'))]).toEqual(['quality']);
  expect([...idleFields(tool('heic-to-jpg'))]).toEqual([]);
  expect([...idleFields(tool('mov-to-mp4'))]).toEqual([]);
  expect([...idleFields(tool('resize-image'))]).toEqual([]);
});
