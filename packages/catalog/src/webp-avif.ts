/**
 * The 20 converters to WebP and AVIF, one per accepted image input (webp-to-avif and avif-to-webp,
 * not webp-to-webp). Same shape as the other image converters (converters.ts: 1..50 inputs, the
 * source checked on the content), with the encoders' own settings: quality, effort and lossless.
 *
 * Two effort schemas rather than one public scale: libwebp's 0..6 and libavif's 0..9 (as sharp
 * names them) are different dials with different costs, and a shared 0..100 scale would hide that
 * several of its values give the same encode; with each encoder's own numbers its documentation and
 * other tools' settings (cwebp -m, avifenc's speed reversed) apply as they are.
 */
import { type Static, Type } from 'typebox';
import { converter, type Row } from './converters.ts';
import type { FormatName } from './mime.ts';
import { params, quality } from './schema.ts';
import type { CatalogEntry, ParamRule } from './types.ts';

const effort = (max: number, encoder: string) =>
  Type.Integer({
    title: 'Effort',
    description: `How hard ${encoder} works: 0 is fastest, ${max} gives the smallest file at the same quality.`,
    minimum: 0,
    maximum: max,
    default: 4,
  });

const lossless = () =>
  Type.Boolean({
    title: 'Lossless',
    description: 'Keep every pixel exactly; the quality setting is then not used.',
    default: false,
  });

export const webpParams = params({
  quality: Type.Optional(quality()),
  effort: Type.Optional(effort(6, 'the WebP encoder')),
  lossless: Type.Optional(lossless()),
});
export type WebpParams = Static<typeof webpParams>;

/**
 * gif-to-webp: a GIF's few colours pack best without loss (about a third smaller than the GIF on the
 * corpus, where lossy quality 90 was larger), so lossless is on unless the user turns it off.
 */
export const gifToWebpParams = params({
  quality: Type.Optional(quality()),
  effort: Type.Optional(effort(6, 'the WebP encoder')),
  lossless: Type.Optional(
    Type.Boolean({
      title: 'Lossless',
      description: 'Keep every pixel exactly: the smallest WebP of a GIF. Turn it off to set a quality.',
      default: true,
    }),
  ),
});

export const avifParams = params({
  quality: Type.Optional(quality()),
  effort: Type.Optional(effort(9, 'the AVIF encoder')),
  lossless: Type.Optional(lossless()),
});
export type AvifParams = Static<typeof avifParams>;

/** A lossless encode has no quality to set: say so rather than ignore the number the user gave. */
const qualityOrLossless: ParamRule = (c) =>
  c.params.lossless === true && c.has('quality')
    ? [
        {
          field: 'quality',
          message: 'quality does not apply to a lossless image: leave it out, or turn lossless off',
        },
      ]
    : [];

/** [source, what its WebP is good for, what its AVIF is good for] (one sentence each, ending with a period). */
const SOURCES: readonly (readonly [FormatName, string, string])[] = [
  [
    'jpg',
    'Makes photos lighter for the web with the same look.',
    'Makes photos much smaller with the same look.',
  ],
  ['png', 'Keeps transparency in a much smaller file.', 'Keeps transparency in the smallest file.'],
  [
    'gif',
    'Animated GIFs stay animated, every frame and delay kept.',
    'Animated GIFs give their first frame.',
  ],
  ['bmp', 'Turns bulky bitmaps into light web images.', 'Turns bulky bitmaps into tiny modern images.'],
  [
    'tiff',
    'Turns large scans into web-ready images.',
    'Turns large scans and print files into small images.',
  ],
  ['webp', '', 'Often smaller than the WebP; animations give their first frame.'],
  [
    'heic',
    'Opens iPhone photos in every browser; HEIF animations stay animated.',
    'Keeps iPhone photos small and sharp; HEIF animations give their first frame.',
  ],
  ['avif', 'Shows AVIF pictures where AVIF is not supported; animations stay animated.', ''],
  [
    'ico',
    'Saves the largest size in the icon, with its transparency.',
    'Saves the largest size in the icon, with its transparency.',
  ],
  [
    'svg',
    'Renders vector graphics with a transparent background.',
    'Renders vector graphics with a transparent background.',
  ],
  [
    'psd',
    'Shares Photoshop designs as light images with transparency.',
    'Shares Photoshop designs as tiny images with transparency.',
  ],
];

const ROWS: readonly Row[] = SOURCES.flatMap(([from, toWebp, toAvif]) => [
  ...(from === 'webp' ? [] : [[from, 'webp', toWebp] as const]),
  ...(from === 'avif' ? [] : [[from, 'avif', toAvif] as const]),
]);

export const webpAvifConverters: CatalogEntry[] = ROWS.map((row) => ({
  ...converter(row),
  params: row[1] === 'avif' ? avifParams : row[0] === 'gif' ? gifToWebpParams : webpParams,
  rules: [qualityOrLossless],
}));
