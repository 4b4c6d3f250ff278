import type { ToolCopy } from './types.ts';

/** Page copy of the 8 image tools. Facts follow API.md and the imager (README "Image tools"). */
export const IMAGE_TOOL_COPY: Record<string, ToolCopy> = {
  'resize-image': {
    action: 'Resize the images',
    intro:
      'Make pictures an exact size for a website, a shop listing or a form that only takes small images, up to 50 at once. Give a width, a height or both; the aspect ratio is kept unless you ask otherwise.',
    steps: [
      "Choose the pictures (or drop a whole folder's worth, up to 50).",
      'Type the width and/or height in pixels and choose how they fit. "Inside" keeps the shape and never enlarges.',
      'Press "Resize the images" and download them one by one or as a ZIP.',
    ],
    limits: [
      'Each picture keeps its format; BMP, ICO, PSD, HEIC and SVG come out as PNG.',
      'Up to 50 pictures per run.',
    ],
    faq: [
      {
        q: 'What do the fit options do?',
        a: 'Inside fits the picture within the size, keeping its shape. Contain makes it exactly that size with bars. Cover fills the size and crops the rest. Fill stretches it to the size.',
      },
      {
        q: "Does it remove the photo's location data?",
        a: 'Yes: outputs carry no EXIF, GPS or camera data, and the picture is turned the way it was shot.',
      },
    ],
  },
  'crop-image': {
    action: 'Crop the image',
    intro:
      'Cut a picture down to the part you need: a face for a profile photo, a product without the background clutter, a detail from a screenshot. Drag a box over the picture, or type the exact pixels.',
    steps: [
      'Choose the picture. It appears with a crop box on it.',
      'Drag the box and its corners (or focus it and use the arrow keys; + and − resize). The fields show the exact position and size.',
      'Press "Crop the image" and download the result.',
    ],
    limits: [
      "The box must lie inside the picture, measured in its displayed pixels (after the camera's rotation).",
      'The format is kept; formats the imager cannot write come out as PNG.',
    ],
    faq: [
      {
        q: 'Can I crop to an exact ratio like 1:1 or 16:9?',
        a: 'Type the width and height that give the ratio (for example 1080 and 1080), then move the box into place. For a PAN card photo use the PAN Card Photo Resizer, which locks 25:35 for you.',
      },
      {
        q: 'Does cropping reduce quality?',
        a: 'The kept pixels are not changed; JPEG pictures are saved once more at a high quality.',
      },
    ],
  },
  'rotate-flip-image': {
    action: 'Rotate the images',
    intro:
      'Turn sideways or upside-down photos the right way, or mirror them, for up to 50 pictures in one go. The pixels are turned for real, so every app shows them the same way.',
    steps: [
      'Choose the pictures.',
      'Pick the rotation (clockwise) and, if needed, a flip.',
      'Press "Rotate the images" and download them or the ZIP.',
    ],
    limits: ['Rotations in steps of 90 degrees.', 'Up to 50 pictures per run; all get the same rotation.'],
    faq: [
      {
        q: 'Why does my photo look rotated only in some apps?',
        a: 'Cameras often store a rotation note instead of turning the picture. The output here has the turn applied to the pixels and no note left, so it looks the same everywhere.',
      },
    ],
  },
  'compress-image': {
    action: 'Compress the images',
    intro:
      'Make photos lighter for a website, an email or an upload form with a size limit, up to 50 at once. Pick a level, or give the size in KB each picture must fit under; you see the predicted size before and the real one after, with a before/after view.',
    steps: [
      'Choose the pictures.',
      'Pick a level (high gives the smallest files) or switch to "To a target size" and type the KB limit, e.g. 200. The predicted size shows right away.',
      'Press "Compress the images", compare before and after, and download.',
    ],
    limits: [
      'A target size lands within 5 % under it (1 KB = 1000 bytes); only when the lowest quality is still too big is the picture made smaller, and if even that is not enough the message names the smallest size possible.',
      'Each picture keeps its format (JPEG, PNG, WebP, AVIF, GIF, TIFF).',
    ],
    faq: [
      {
        q: 'How much smaller will my photo get?',
        a: 'A typical phone JPEG shrinks by half or more at medium without visible loss. PNG screenshots shrink a lot too, because they are reduced to a palette of colors.',
      },
      {
        q: 'Is the prediction exact?',
        a: 'No, it is an estimate made in your browser before anything runs; the actual size is shown next to it afterwards.',
      },
    ],
  },
  'overlay-image-on-image': {
    action: 'Combine the images',
    intro:
      'Lay one picture on top of another: a logo on a photo, a product on a background, a stamp on a document. Tap where it goes, set its width and opacity, and download one combined picture.',
    steps: [
      'Choose the base picture, then the one to put on top (a PNG with transparency blends best).',
      "Tap the base where the overlay's top-left corner goes or drag its box; set width and opacity.",
      'Press "Combine the images" and download the result.',
    ],
    limits: [
      "The overlay's top-left corner must be inside the base.",
      "The result keeps the base picture's format.",
    ],
    faq: [
      {
        q: 'Can the overlay be see-through?',
        a: 'Yes: lower the opacity. Transparent parts of a PNG overlay stay transparent at any opacity.',
      },
    ],
  },
  'image-transparency': {
    action: 'Make it transparent',
    intro:
      'Make a picture see-through, from barely visible to solid, for watermarks, layered designs and slides. You get a PNG with a real alpha channel, up to 50 pictures at once.',
    steps: [
      'Choose the pictures.',
      'Set the opacity: 0 % is invisible, 100 % unchanged; 50 % is half see-through.',
      'Press "Make it transparent" and download the PNGs.',
    ],
    limits: [
      'Output is always PNG, since JPEG cannot be transparent.',
      'Parts that were already transparent stay at least as transparent.',
    ],
    faq: [
      {
        q: 'Does this remove the background?',
        a: 'No, it makes the whole picture evenly see-through. Areas already transparent in the original stay transparent.',
      },
    ],
  },
  'pancard-photo-resizer': {
    action: 'Make the PAN photo',
    intro:
      "Get a photo that passes the PAN card application's checks: cropped to the 25:35 shape, resized to 197 × 276 pixels at 200 DPI, a JPG under 20 KB. Move the locked crop box over your face and the rest is done for you.",
    steps: [
      'Choose a clear, front-facing photo on a light background (a phone photo is fine).',
      'Drag the 25:35 box so your head and shoulders are inside, face in the middle; resize it from a corner (the shape stays locked).',
      'Press "Make the PAN photo" and download the JPG for the form.',
    ],
    limits: [
      'Output: JPEG, 197 × 276 pixels, 200 DPI, under 20 KB.',
      'Without moving the box, a centered 25:35 crop is used.',
    ],
    faq: [
      {
        q: 'Which size does the PAN form want?',
        a: 'The online PAN application asks for a photo 2.5 cm wide and 3.5 cm high, as a JPEG under 20 KB at 200 DPI; that is 197 × 276 pixels, which this tool makes.',
      },
      {
        q: 'My photo is in landscape. Does that work?',
        a: 'Yes: the box picks a portrait 25:35 part out of it; move it over your face.',
      },
    ],
  },
  'pancard-signature-resizer': {
    action: 'Make the signature',
    intro:
      'Prepare a scanned or photographed signature for the PAN card application: fitted into 354 × 157 pixels at 200 DPI and under 20 KB, on white (JPG) or on a transparent background (PNG).',
    steps: [
      'Sign on plain white paper, photograph or scan it, and choose the picture.',
      'Choose a white background (a JPG, what most forms want) or transparent (a PNG).',
      'Press "Make the signature" and download it for the form.',
    ],
    limits: ['Output fits 354 × 157 pixels, 200 DPI, under 20 KB.'],
    faq: [
      {
        q: 'My signature photo has shadows. What helps?',
        a: 'Photograph it in daylight without flash, with the paper filling the frame; crop it tight with Crop Image first if there is a lot around it.',
      },
    ],
  },
};
