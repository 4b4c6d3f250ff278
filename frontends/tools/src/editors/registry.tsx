import type { ComponentType } from 'react';
import { CompressPredictEditor } from './CompressPreview.tsx';
import { CropEditor } from './CropEditor.tsx';
import { LogoPositionEditor, OverlayPositionEditor } from './PositionEditors.tsx';
import { TrimEditor } from './TrimEditor.tsx';
import type { EditorProps } from './types.ts';

/** PAN card photos are 2.5 cm × 3.5 cm (the form's rule): the crop must keep that shape. */
export const PAN_PHOTO_RATIO = 25 / 35;

function CropVideoEditor(props: EditorProps) {
  return <CropEditor {...props} prefix="" rules={{ min: 2, even: true }} />;
}

function CropImageEditor(props: EditorProps) {
  return <CropEditor {...props} prefix="" rules={{ min: 1 }} />;
}

function PanPhotoEditor(props: EditorProps) {
  return (
    <CropEditor
      {...props}
      prefix="crop."
      rules={{ ratio: PAN_PHOTO_RATIO, min: 25 }}
      note="The box is locked to 25:35, the shape of a PAN card photo. Put your face in the middle, head and shoulders inside."
    />
  );
}

const EDITORS: Record<string, ComponentType<EditorProps>> = {
  'trim-video': TrimEditor,
  'crop-video': CropVideoEditor,
  'crop-image': CropImageEditor,
  'pancard-photo-resizer': PanPhotoEditor,
  'add-logo-or-watermark-to-video': LogoPositionEditor,
  'overlay-image-on-video': OverlayPositionEditor,
  'overlay-video-on-video': OverlayPositionEditor,
  'overlay-image-on-image': OverlayPositionEditor,
  'compress-image': CompressPredictEditor,
};

/** The visual editor of a tool, where a form alone is not enough (or undefined). */
export const editorFor = (name: string): ComponentType<EditorProps> | undefined => EDITORS[name];
