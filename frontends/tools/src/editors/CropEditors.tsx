import { CropEditor } from './CropEditor.tsx';
import type { EditorProps } from './types.ts';

/** PAN card photos are 2.5 cm × 3.5 cm (the form's rule): the crop must keep that shape. */
const PAN_PHOTO_RATIO = 25 / 35;

/** crop-video: the encoder needs even sizes of at least 2 pixels. */
export function CropVideoEditor(props: EditorProps) {
  return <CropEditor {...props} prefix="" rules={{ min: 2, even: true }} />;
}

export function CropImageEditor(props: EditorProps) {
  return <CropEditor {...props} prefix="" rules={{ min: 1 }} />;
}

/** pancard-photo-resizer: the crop sits under `crop.` in its params and keeps the card's shape. */
export function PanPhotoEditor(props: EditorProps) {
  return (
    <CropEditor
      {...props}
      prefix="crop."
      rules={{ ratio: PAN_PHOTO_RATIO, min: 25 }}
      note="The box is locked to 25:35, the shape of a PAN card photo. Put your face in the middle, head and shoulders inside."
    />
  );
}
