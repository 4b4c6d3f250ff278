/**
 * `@mediakit/media/testing`: builders of image files in the variants no installed encoder writes
 * (BMP, HEIC, ICO, PSD), for the tests of every workspace. Test-only: never imported by src/.
 */
export * from './bmp-builder.ts';
export * from './heif-builder.ts';
export * from './ico-builder.ts';
export * from './psd-builder.ts';
