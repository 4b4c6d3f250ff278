// The site's icons, made at build time from the brand mark of the header (a white ▶ in the indigo
// square): an SVG for browsers that take one, an .ico (PNG images of 16, 32 and 48 px inside) for
// /favicon.ico, which browsers and crawlers ask for by name, and a 180 px PNG for phones' home
// screens. Drawn here in a few lines of geometry, so the build needs no image library or binary.

import { deflateSync } from 'node:zlib';
import { rspack } from '@rspack/core';

const INDIGO = [0x43, 0x38, 0xca]; // --color-primary
const WHITE = [0xff, 0xff, 0xff];
/** The header's mark has 8 px corners on a 32 px square. */
const CORNER = 0.25;
/** The ▶, in a unit square; its centroid sits a little left of the middle, as the glyph does. */
const TRIANGLE = [
  [0.37, 0.27],
  [0.37, 0.73],
  [0.77, 0.5],
];

const svgPoint = ([x, y]) => `${+(x * 64).toFixed(2)} ${+(y * 64).toFixed(2)}`;
const hex = (rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  `<rect width="64" height="64" rx="${CORNER * 64}" fill="${hex(INDIGO)}"/>` +
  `<path d="M${TRIANGLE.map(svgPoint).join('L')}Z" fill="${hex(WHITE)}"/></svg>\n`;

function inRoundedSquare(x, y, corner) {
  const cx = Math.min(Math.max(x, corner), 1 - corner);
  const cy = Math.min(Math.max(y, corner), 1 - corner);
  return (x - cx) ** 2 + (y - cy) ** 2 <= corner ** 2;
}

function inTriangle(x, y) {
  const [[ax, ay], [bx, by], [cx, cy]] = TRIANGLE;
  const side = (px, py, qx, qy) => (qx - px) * (y - py) - (qy - py) * (x - px);
  const d1 = side(ax, ay, bx, by);
  const d2 = side(bx, by, cx, cy);
  const d3 = side(cx, cy, ax, ay);
  return (d1 >= 0 && d2 >= 0 && d3 >= 0) || (d1 <= 0 && d2 <= 0 && d3 <= 0);
}

/** RGBA pixels of the mark at `size` px, edges smoothed by 8×8 samples a pixel. */
function draw(size, corner) {
  const samples = 8;
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let square = 0;
      let mark = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          if (!inRoundedSquare(x, y, corner)) continue;
          square++;
          if (inTriangle(x, y)) mark++;
        }
      }
      const at = (py * size + px) * 4;
      if (square === 0) continue; // transparent outside the rounded corners
      for (let c = 0; c < 3; c++)
        pixels[at + c] = Math.round((mark * WHITE[c] + (square - mark) * INDIGO[c]) / square);
      pixels[at + 3] = Math.round((255 * square) / samples ** 2);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG (8-bit RGBA, no filtering) of the mark at `size` px. */
export function markPng(size, { corner = CORNER } = {}) {
  const pixels = draw(size, corner);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // bit depth 8, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An .ico whose images are PNGs (read by every browser since Internet Explorer 9). */
export function markIco(sizes = [16, 32, 48]) {
  const images = sizes.map((size) => markPng(size));
  const header = Buffer.alloc(6 + 16 * sizes.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(sizes.length, 4);
  let offset = header.length;
  sizes.forEach((size, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry); // 0 means 256
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(images[i].length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += images[i].length;
  });
  return Buffer.concat([header, ...images]);
}

/**
 * The files, by the names browsers ask for. The home-screen icon fills its square: phones round
 * its corners themselves and show transparent ones black.
 */
export function faviconFiles() {
  return {
    'favicon.svg': Buffer.from(FAVICON_SVG),
    'favicon.ico': markIco(),
    'apple-touch-icon.png': markPng(180, { corner: 0 }),
  };
}

/** Emits the icons into the build's output (dist/, or dist-dev/ in development). */
export class FaviconPlugin {
  apply(compiler) {
    const { Compilation, sources } = rspack;
    compiler.hooks.thisCompilation.tap('FaviconPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FaviconPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          for (const [name, bytes] of Object.entries(faviconFiles()))
            compilation.emitAsset(name, new sources.RawSource(bytes));
        },
      );
    });
  }
}
