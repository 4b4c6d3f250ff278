import type { ComponentType } from 'react';
import { lazyComponent } from '../lazy-component.tsx';
import type { EditorProps } from './types.ts';

type Editor = ComponentType<EditorProps>;

// One chunk per editor file, so a tool page fetches only its own editor, once its first file is in.
const crop = () => import('./CropEditors.tsx');
const position = () => import('./PositionEditors.tsx');

const EDITORS: Record<string, Editor> = {
  'trim-video': lazyComponent(() => import('./TrimEditor.tsx').then((m) => m.TrimEditor)),
  'trim-audio': lazyComponent(() => import('./AudioTrimEditor.tsx').then((m) => m.AudioTrimEditor)),
  'video-to-gif': lazyComponent(() => import('./TrimEditor.tsx').then((m) => m.TrimEditor)),
  'crop-video': lazyComponent(() => crop().then((m) => m.CropVideoEditor)),
  'crop-image': lazyComponent(() => crop().then((m) => m.CropImageEditor)),
  'pancard-photo-resizer': lazyComponent(() => crop().then((m) => m.PanPhotoEditor)),
  'add-logo-or-watermark-to-video': lazyComponent(() => position().then((m) => m.LogoPositionEditor)),
  'overlay-image-on-video': lazyComponent(() => position().then((m) => m.OverlayPositionEditor)),
  'overlay-video-on-video': lazyComponent(() => position().then((m) => m.OverlayPositionEditor)),
  'overlay-image-on-image': lazyComponent(() => position().then((m) => m.OverlayPositionEditor)),
  'compress-image': lazyComponent(() => import('./CompressPreview.tsx').then((m) => m.CompressPredictEditor)),
};

/** The visual editor of a tool, where a form alone is not enough (or undefined): render it in a LazyPart. */
export const editorFor = (name: string): Editor | undefined => EDITORS[name];
