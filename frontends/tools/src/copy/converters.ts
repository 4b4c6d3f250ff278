import type { ToolCopy } from './types.ts';

interface ConverterText {
  /** Source and target labels, e.g. "HEIC", "JPG". */
  from: string;
  to: string;
  intro: string;
  limits?: string[];
  faq: ToolCopy['faq'];
}

/** Steps name the formats; what each converter is for, its limits and questions are its own. */
function video({ from, intro, limits = [], faq }: ConverterText): ToolCopy {
  return {
    action: 'Convert to MP4',
    intro,
    steps: [
      `Choose your ${from} video, or drop it on the page.`,
      'Leave the quality as it is (it only matters when the video has to be re-encoded), or set it higher for more detail.',
      'Press "Convert to MP4" and download the MP4, or send it on to trim or compress it.',
    ],
    limits: [
      ...limits,
      'Only the first video and audio track are kept (what phones and browsers play); subtitles are dropped.',
    ],
    faq,
  };
}

function image({ from, to, intro, limits = [], faq }: ConverterText): ToolCopy {
  return {
    action: `Convert to ${to}`,
    intro,
    steps: [
      `Choose your ${from} files, up to 50 at once, or drop them on the page.`,
      to === 'JPG'
        ? 'Leave the quality at its default (90, a good balance) or change it: higher keeps more detail, lower gives smaller files.'
        : 'There is nothing to set: PNG keeps every pixel.',
      `Press "Convert to ${to}" and download each ${to} or all of them as a ZIP.`,
    ],
    limits: [
      ...limits,
      'The converter checks what the file really is, not its name, and says so when it is another format.',
    ],
    faq,
  };
}

const REMUX =
  'When the video inside is already H.264 or HEVC with AAC or MP3 sound, the streams are copied into MP4 without re-encoding: no quality loss, and done in seconds.';

export const VIDEO_CONVERTER_COPY: Record<string, ToolCopy> = {
  'mov-to-mp4': video({
    from: 'MOV',
    to: 'MP4',
    intro:
      'Turn iPhone and QuickTime recordings into MP4 that plays on Windows, Android, smart TVs and every website. Most iPhone videos are simply repackaged, so nothing is lost.',
    faq: [
      { q: 'Will my iPhone video lose quality?', a: REMUX },
      {
        q: 'My video was filmed in portrait. Will it stay upright?',
        a: 'Yes, rotated phone clips come out upright.',
      },
    ],
  }),
  'avi-to-mp4': video({
    from: 'AVI',
    to: 'MP4',
    intro:
      'Give old camera clips, DVD rips and screen captures in AVI a modern format: the MP4 is usually much smaller and plays on phones and in browsers, which often refuse AVI.',
    faq: [
      {
        q: 'Why is the MP4 smaller than my AVI?',
        a: 'AVI files often hold old codecs such as MPEG-4 Part 2 or MJPEG; re-encoded as H.264 the same picture needs far fewer bytes.',
      },
      { q: 'Is the sound converted too?', a: 'Yes, to AAC, which every device plays.' },
    ],
  }),
  'wmv-to-mp4': video({
    from: 'WMV',
    to: 'MP4',
    intro:
      'Free Windows Media videos for Macs, iPhones and the web. WMV plays badly outside Windows; the MP4 plays everywhere.',
    faq: [
      {
        q: 'Can it convert protected WMV files?',
        a: 'No. Files with DRM (copy protection) cannot be read by any converter without the key.',
      },
    ],
  }),
  'mkv-to-mp4': video({
    from: 'MKV',
    to: 'MP4',
    intro:
      'Make Matroska videos play on TVs, phones, game consoles and in editors that do not take MKV. Often only the container changes, which takes seconds.',
    faq: [
      { q: 'Is this lossless?', a: REMUX },
      {
        q: 'What happens to extra audio tracks and subtitles?',
        a: 'The first audio track is kept; other tracks and subtitles are dropped, because MP4 players would mostly ignore them.',
      },
    ],
  }),
  'flv-to-mp4': video({
    from: 'FLV',
    to: 'MP4',
    intro:
      'Rescue old Flash videos: browsers stopped playing FLV years ago, but as MP4 they play again everywhere.',
    faq: [
      {
        q: 'Why do my old FLV files not play any more?',
        a: "FLV was made for the Flash player, which browsers removed in 2020. The video inside is still fine; it just needs a format today's players read.",
      },
    ],
  }),
  'mpeg-ts-to-mp4': video({
    from: 'MPEG-TS',
    to: 'MP4',
    intro:
      'Turn TV recordings, camcorder .mts files and saved live streams (.ts) into a normal MP4 you can edit, share and play on any device.',
    faq: [
      { q: 'Does this keep the full quality of my recording?', a: REMUX },
      {
        q: 'My camcorder makes .MTS or .M2TS files. Are those MPEG-TS?',
        a: 'Yes, they are MPEG transport streams; choose them here.',
      },
    ],
  }),
  'webm-to-mp4': video({
    from: 'WebM',
    to: 'MP4',
    intro:
      'Make web downloads and screen recordings (Chrome, OBS and many recorders save WebM) play on iPhones and in editors that only take MP4.',
    limits: ['WebM video (VP8, VP9, AV1) is always re-encoded to H.264, so a long recording takes a while.'],
    faq: [
      {
        q: 'Why does converting WebM take longer than MOV?',
        a: 'WebM uses VP8, VP9 or AV1 video, which MP4 players do not take, so the picture has to be encoded again as H.264.',
      },
    ],
  }),
};

const WHITE = 'Transparent areas become white, since JPG has no transparency.';

export const IMAGE_CONVERTER_COPY: Record<string, ToolCopy> = {
  'jpg-to-png': image({
    from: 'JPG',
    to: 'PNG',
    intro:
      'Save JPG photos as PNG when you need a lossless copy: for editing in several rounds, for tools that only take PNG, or for adding transparency later.',
    limits: ['A PNG of a photo is much larger than the JPG: it stores every pixel without loss.'],
    faq: [
      {
        q: 'Will converting to PNG improve the quality?',
        a: 'No, what JPG compression removed stays removed. PNG just stops any further loss from now on.',
      },
      {
        q: 'Does the PNG get a transparent background?',
        a: 'No, a JPG has no transparency, so the PNG is fully opaque.',
      },
    ],
  }),
  'png-to-jpg': image({
    from: 'PNG',
    to: 'JPG',
    intro:
      'Turn PNG images into much smaller JPGs for email, websites and forms that only take JPG. Ideal for photos and screenshots saved as PNG.',
    limits: [WHITE],
    faq: [
      {
        q: 'How much smaller will my files get?',
        a: 'For photos, often 5 to 10 times smaller. Screenshots with sharp text stay crisper at a quality of 90 or more.',
      },
      {
        q: 'My logo has a transparent background. What happens?',
        a: `${WHITE} Use a PNG-to-PNG tool such as Resize Image to keep it.`,
      },
    ],
  }),
  'gif-to-jpg': image({
    from: 'GIF',
    to: 'JPG',
    intro: 'Get a still picture from a GIF as a JPG for documents, thumbnails and apps that do not take GIF.',
    limits: ['An animated GIF gives its first frame.', WHITE],
    faq: [
      {
        q: 'Can I get all frames of an animated GIF?',
        a: 'Not here: each GIF gives its first frame. Converting the GIF to a video first and using Extract Frames from Video gives every frame.',
      },
    ],
  }),
  'gif-to-png': image({
    from: 'GIF',
    to: 'PNG',
    intro:
      'Turn a GIF into a PNG with its transparency kept: for stickers, icons and graphics that need a clean edge.',
    limits: ['An animated GIF gives its first frame.'],
    faq: [
      {
        q: 'Is the transparency kept?',
        a: "Yes, PNG keeps the GIF's transparent areas.",
      },
    ],
  }),
  'bmp-to-jpg': image({
    from: 'BMP',
    to: 'JPG',
    intro:
      'Shrink bulky Windows bitmaps into JPG photos that are easy to email and upload, often a tenth of the size.',
    faq: [
      {
        q: 'Do old or unusual BMPs work?',
        a: 'Yes: 1 to 32-bit, palettes and RLE-compressed bitmaps are read by our own decoder.',
      },
    ],
  }),
  'bmp-to-png': image({
    from: 'BMP',
    to: 'PNG',
    intro:
      'Shrink Windows bitmaps without losing a single pixel: PNG compresses losslessly and every app reads it.',
    faq: [
      {
        q: 'Is PNG really lossless?',
        a: 'Yes, every pixel of the bitmap is kept exactly; the file is just packed better.',
      },
    ],
  }),
  'tiff-to-jpg': image({
    from: 'TIFF',
    to: 'JPG',
    intro: 'Turn large scans, print files and camera TIFFs into light JPGs for sharing and the web.',
    limits: ['A multi-page TIFF gives its first page.'],
    faq: [
      {
        q: 'Will colors change?',
        a: 'CMYK and color-profiled TIFFs are converted to sRGB, the color space screens and the web use, so they look right everywhere.',
      },
    ],
  }),
  'tiff-to-png': image({
    from: 'TIFF',
    to: 'PNG',
    intro:
      'Keep scans and artwork lossless, but in a format that browsers, phones and every image app can open.',
    limits: ['A multi-page TIFF gives its first page.'],
    faq: [{ q: 'Is transparency kept?', a: 'Yes, a TIFF with an alpha channel gives a transparent PNG.' }],
  }),
  'webp-to-jpg': image({
    from: 'WebP',
    to: 'JPG',
    intro:
      'Open pictures saved from websites (often WebP) in any app: old photo editors, office programs and upload forms that only take JPG.',
    limits: [WHITE, 'An animated WebP gives its first frame.'],
    faq: [
      {
        q: 'Why did my download save as WebP?',
        a: 'Many websites serve WebP because it is smaller; browsers save it as it came.',
      },
    ],
  }),
  'webp-to-png': image({
    from: 'WebP',
    to: 'PNG',
    intro:
      'Open WebP images in any editor with their transparency kept, for stickers, logos and design work.',
    faq: [
      { q: 'Is transparency kept?', a: 'Yes, transparent areas of the WebP stay transparent in the PNG.' },
    ],
  }),
  'heic-to-jpg': image({
    from: 'HEIC',
    to: 'JPG',
    intro:
      'Open iPhone photos anywhere: HEIC is what iPhones save by default, but Windows, Android, many websites and forms cannot read it. JPG works everywhere.',
    limits: ['The photo is turned the way it was taken, and location and camera data are removed.'],
    faq: [
      {
        q: 'Why are my iPhone photos HEIC?',
        a: 'iPhones save photos as HEIC to use about half the space of JPG. Settings → Camera → Formats → "Most Compatible" makes the camera save JPG instead.',
      },
      {
        q: 'Can I convert a whole album?',
        a: 'Up to 50 photos per run; you get each JPG and one ZIP with all of them.',
      },
    ],
  }),
  'heic-to-png': image({
    from: 'HEIC',
    to: 'PNG',
    intro:
      'Get lossless copies of iPhone photos for editing: no further compression on top of what the camera did.',
    limits: ['PNG copies of photos are large, several times the HEIC.'],
    faq: [
      {
        q: 'JPG or PNG for iPhone photos?',
        a: 'JPG for sharing and uploading (small files); PNG when you will edit the photo in several rounds and want no further loss.',
      },
    ],
  }),
  'avif-to-jpg': image({
    from: 'AVIF',
    to: 'JPG',
    intro:
      'Open AVIF pictures in apps that cannot read them yet: older editors, office programs, messengers and upload forms.',
    limits: [WHITE],
    faq: [
      {
        q: 'What is AVIF?',
        a: 'A newer image format based on the AV1 video codec, much smaller than JPG. Many websites serve it, but plenty of software cannot open it.',
      },
    ],
  }),
  'avif-to-png': image({
    from: 'AVIF',
    to: 'PNG',
    intro: 'Keep the detail and transparency of AVIF pictures in a format every program opens.',
    faq: [{ q: 'Is transparency kept?', a: 'Yes, AVIF transparency carries over to the PNG.' }],
  }),
  'ico-to-jpg': image({
    from: 'ICO',
    to: 'JPG',
    intro:
      'Save a Windows or website icon (favicon) as an ordinary picture: the largest size stored in the icon is used.',
    limits: ['The largest image in the icon is used.', WHITE],
    faq: [
      {
        q: 'An ICO holds several sizes. Which one do I get?',
        a: 'The largest (by size, then color depth), so the picture is as sharp as the icon allows.',
      },
    ],
  }),
  'ico-to-png': image({
    from: 'ICO',
    to: 'PNG',
    intro:
      'Extract the largest image from an icon or favicon, with its transparency, ready for a design or a website.',
    limits: ['The largest image in the icon is used.'],
    faq: [
      {
        q: 'Is the transparent background kept?',
        a: 'Yes, including icons that store their transparency as a separate mask.',
      },
    ],
  }),
  'svg-to-jpg': image({
    from: 'SVG',
    to: 'JPG',
    intro:
      'Render vector graphics (logos, icons, diagrams) as a JPG picture for documents, slides and places that do not take SVG.',
    limits: [
      'The SVG is drawn at its own size, on white.',
      'Scripts, external links and embedded files inside an SVG are refused for safety.',
    ],
    faq: [
      {
        q: 'Can I get a bigger picture from my SVG?',
        a: 'The SVG is drawn at the size written in it; resize the JPG afterwards with Resize Image, or set a larger width and height in the SVG.',
      },
    ],
  }),
  'svg-to-png': image({
    from: 'SVG',
    to: 'PNG',
    intro: 'Render vector graphics as PNG with a transparent background: logos and icons ready for any app.',
    limits: [
      'The SVG is drawn at its own size.',
      'Scripts, external links and embedded files inside an SVG are refused for safety.',
    ],
    faq: [{ q: 'Is the background transparent?', a: 'Yes, wherever the SVG draws nothing.' }],
  }),
  'psd-to-jpg': image({
    from: 'PSD',
    to: 'JPG',
    intro:
      'Share Photoshop designs with people who do not have Photoshop: the flattened image, as everyone sees it, in a JPG.',
    limits: [
      'The file needs its composite image: save PSDs with "Maximize Compatibility" on (the default).',
      'RGB and grayscale documents; CMYK and Lab are refused with a message.',
    ],
    faq: [
      {
        q: 'Are the layers kept?',
        a: 'No, you get the flattened picture, as Photoshop shows it with all visible layers.',
      },
    ],
  }),
  'psd-to-png': image({
    from: 'PSD',
    to: 'PNG',
    intro:
      'Export Photoshop files as flat PNG images with their transparency, for the web, slides and handing off designs.',
    limits: [
      'The file needs its composite image: save PSDs with "Maximize Compatibility" on (the default).',
      'RGB and grayscale documents, 8 and 16 bits.',
    ],
    faq: [
      {
        q: 'Why does my PSD say it has no composite image?',
        a: 'It was saved with "Maximize Compatibility" off. Open it in Photoshop and save it again with the option on.',
      },
    ],
  }),
};
