import type { ProbeResult } from '@mediakit/ffmpeg';
import { describe, expect, it } from 'vitest';
import { formatFromFileType } from './formats.ts';
import { bmpSize, icoSize, psdSize } from './image-headers.ts';
import { mediaInfoFromProbe, probeDuration } from './inspect-av.ts';
import { orientedSize } from './inspect-image.ts';
import { looksLikeSvg } from './svg.ts';

const svg = (text: string) => looksLikeSvg(new TextEncoder().encode(text));

describe('looksLikeSvg', () => {
  it('accepts an svg root after the usual prolog', () => {
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toBe(true);
    expect(svg('  \n<svg>')).toBe(true);
    expect(svg('<?xml version="1.0"?><?xml-stylesheet href="a.css"?><svg\nwidth="1">')).toBe(true);
    expect(svg('<!-- a > b --><svg >')).toBe(true);
    expect(svg('<!DOCTYPE svg [ <!ENTITY a "x>y"> ]>\n<svg>')).toBe(true);
    expect(svg('<svg:svg xmlns:svg="http://www.w3.org/2000/svg">')).toBe(true);
  });

  it('rejects other roots and unterminated prologs', () => {
    expect(svg('<html><svg></svg></html>')).toBe(false);
    expect(svg('<svgfoo>')).toBe(false);
    expect(svg('hello <svg>')).toBe(false);
    expect(svg('<!-- never closed <svg>')).toBe(false);
    expect(svg('')).toBe(false);
    expect(looksLikeSvg(new Uint8Array([0x3c, 0x73, 0x76, 0x67, 0x20, 0x00]))).toBe(false);
  });
});

describe('formatFromFileType', () => {
  it('maps file-type names to ours', () => {
    expect(formatFromFileType('mkv')).toEqual({ format: 'mkv', mime: 'video/x-matroska', media: 'video' });
    expect(formatFromFileType('mts')).toMatchObject({ format: 'mpeg-ts', mime: 'video/mp2t' });
    expect(formatFromFileType('asf')).toMatchObject({ format: 'wmv' });
    expect(formatFromFileType('tif')).toMatchObject({ format: 'tiff', mime: 'image/tiff' });
    expect(formatFromFileType('heic')).toMatchObject({ format: 'heic', mime: 'image/heic' });
    expect(formatFromFileType('zip')).toMatchObject({ media: 'archive' });
    expect(formatFromFileType('pdf')).toBeUndefined();
    expect(formatFromFileType('docx')).toBeUndefined();
  });
});

describe('header readers', () => {
  it('bmpSize', () => {
    const b = Buffer.alloc(54);
    b.write('BM', 0, 'latin1');
    b.writeUInt32LE(40, 14);
    b.writeInt32LE(640, 18);
    b.writeInt32LE(-480, 22); // top-down
    expect(bmpSize(b)).toEqual({ width: 640, height: 480 });
    expect(bmpSize(Buffer.from('BM'))).toBeUndefined();
  });

  it('icoSize picks the largest entry, 0 meaning 256', () => {
    const b = Buffer.alloc(6 + 3 * 16);
    b.writeUInt16LE(1, 2);
    b.writeUInt16LE(3, 4);
    b[6] = 16;
    b[7] = 16;
    b[22] = 0;
    b[23] = 0;
    b[38] = 48;
    b[39] = 48;
    expect(icoSize(b)).toEqual({ width: 256, height: 256 });
  });

  it('psdSize', () => {
    const b = Buffer.alloc(26);
    b.write('8BPS', 0, 'latin1');
    b.writeUInt16BE(2, 4); // PSB
    b.writeUInt32BE(100, 14);
    b.writeUInt32BE(50000, 18);
    expect(psdSize(b)).toEqual({ width: 50000, height: 100 });
    b.writeUInt16BE(7, 4);
    expect(psdSize(b)).toBeUndefined();
  });
});

describe('orientedSize', () => {
  it('swaps for EXIF orientations 5..8 when sharp gives no autoOrient', () => {
    expect(orientedSize({ width: 4, height: 3, orientation: 6 } as never)).toEqual({ width: 3, height: 4 });
    expect(orientedSize({ width: 4, height: 3, orientation: 3 } as never)).toEqual({ width: 4, height: 3 });
  });
});

describe('mediaInfoFromProbe', () => {
  const mp4 = { format: 'mp4', mime: 'video/mp4', media: 'video' } as const;

  it('ignores cover art when deciding video vs audio', () => {
    const probe: ProbeResult = {
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.3456' },
      streams: [
        { index: 0, codec_type: 'audio', codec_name: 'aac' },
        {
          index: 1,
          codec_type: 'video',
          codec_name: 'mjpeg',
          width: 600,
          height: 600,
          disposition: { attached_pic: 1 },
        },
      ],
    };
    expect(mediaInfoFromProbe(probe, mp4)).toEqual({
      format: 'm4a',
      mime: 'audio/mp4',
      media: 'audio',
      duration: 12.346,
      hasAudio: true,
      audioCodec: 'aac',
    });
  });

  it('applies rotation and reads fps', () => {
    const probe: ProbeResult = {
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3.0' },
      streams: [
        {
          index: 0,
          codec_type: 'video',
          codec_name: 'hevc',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
        },
      ],
    };
    expect(mediaInfoFromProbe(probe, mp4)).toMatchObject({
      width: 1080,
      height: 1920,
      fps: 29.97,
      hasAudio: false,
      videoCodec: 'hevc',
    });
  });

  it('is null without audio or video', () => {
    expect(
      mediaInfoFromProbe(
        { format: { format_name: 'mp4' }, streams: [{ index: 0, codec_type: 'data' }] },
        mp4,
      ),
    ).toBeNull();
  });

  it('probeDuration falls back to the longest stream', () => {
    expect(
      probeDuration({
        format: { format_name: 'matroska,webm' },
        streams: [
          { index: 0, duration: '1.5' },
          { index: 1, duration: '2.25' },
        ],
      }),
    ).toBe(2.25);
    expect(probeDuration({ format: { format_name: 'x', duration: 'N/A' }, streams: [] })).toBeUndefined();
  });
});

describe('mediaInfoFromProbe output', () => {
  it('leaves unknown fields out instead of setting them to undefined', () => {
    const info = mediaInfoFromProbe(
      { format: { format_name: 'mp4' }, streams: [{ index: 0, codec_type: 'video', codec_name: 'h264' }] },
      { format: 'mp4', mime: 'video/mp4', media: 'video' },
    );
    expect(Object.keys(info ?? {}).sort()).toEqual(['format', 'hasAudio', 'media', 'mime', 'videoCodec']);
  });
});
