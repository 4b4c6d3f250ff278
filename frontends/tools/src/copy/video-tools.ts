import type { ToolCopy } from './types.ts';

/** Page copy of the 16 video tools. Facts (limits, outputs) follow API.md and the transcoder. */
export const VIDEO_TOOL_COPY: Record<string, ToolCopy> = {
  'trim-video': {
    action: 'Trim the video',
    intro:
      'Cut a recording down to the part worth keeping: drop the warm-up at the start, the fumbling at the end, or pull one moment out of a long clip. You pick the start and the end on the timeline, watch just that part, and get an MP4 back.',
    steps: [
      'Choose the video (or drop it on the page). It plays right here while it uploads.',
      'Drag the two handles on the timeline to the first and last moment you want, or pause the video and press "Set start here" and "Set end here". "Play the part to keep" shows exactly what you will get.',
      'Press "Trim the video", then download the MP4 or send it straight to another tool.',
    ],
    limits: [
      'The end must lie after the start and within the video; times are in seconds, to a hundredth.',
      'The cut is re-encoded at the exact times you choose, so it starts on the frame you picked, not on the nearest keyframe.',
    ],
    faq: [
      {
        q: 'Does trimming lower the quality?',
        a: 'The kept part is encoded once more as H.264 at a high quality setting; on a normal screen you will not see a difference. The sound is kept.',
      },
      {
        q: 'Can I cut a piece out of the middle?',
        a: 'This tool keeps one continuous part. To remove a middle section, trim twice (before and after it) and put the two parts together with Join Videos.',
      },
      {
        q: 'My phone video is a MOV. Does that work?',
        a: 'Yes. MOV, MKV, WebM, AVI and the other common formats go in; what comes out is an MP4 that plays everywhere.',
      },
    ],
  },
  'compress-video': {
    action: 'Compress the video',
    intro:
      'Make a video small enough for an email attachment, a chat app or an upload form. Choose how hard to compress, or type the size the file must fit into and let the encoder aim for it.',
    steps: [
      'Choose the video you want to shrink.',
      'Pick a level (low keeps the most detail, high gives the smallest file) or switch to "To a target size" and give the size in MB, for example 24 for a 25 MB email limit.',
      'Press "Compress the video" and download the smaller MP4.',
    ],
    limits: [
      'A target size is a goal for the whole file, sound included; a very small target for a long video gives a blurry picture.',
      'A video that is already heavily compressed may not get much smaller.',
    ],
    faq: [
      {
        q: 'Which level should I pick?',
        a: 'Medium is a good start: it usually halves a phone video with no visible loss. Use high when the size matters more than the picture, low when you only need a little off.',
      },
      {
        q: 'Why is the result bigger than my target?',
        a: 'Sound and the container take some room of their own; the encoder aims for your number and usually lands just under it. Give a slightly smaller target if you have a hard limit.',
      },
    ],
  },
  'resize-video': {
    action: 'Resize the video',
    intro:
      'Change the width and height of a video for a platform, a slide or an older device. Decide what happens when the shape changes: add bars, crop to fill, or stretch.',
    steps: [
      'Choose the video. Its current size shows once it is uploaded, and the fields start from it.',
      'Type the new width and height in pixels (even numbers, 16 to 7680) and choose how it fits.',
      'Press "Resize the video" and download the MP4.',
    ],
    limits: [
      'Width and height must be even numbers: H.264 video needs them.',
      'Making a small video larger does not add detail.',
    ],
    faq: [
      {
        q: 'What is the difference between contain, cover and fill?',
        a: 'Contain keeps the whole picture and adds black bars where the shapes differ. Cover fills the new size and crops what sticks out. Fill stretches the picture to the new size, which distorts it when the shapes differ.',
      },
      {
        q: 'What size for Instagram or TikTok?',
        a: '1080 × 1920 for vertical stories and reels, 1080 × 1080 for square posts, 1920 × 1080 for landscape video.',
      },
    ],
  },
  'crop-video': {
    action: 'Crop the video',
    intro:
      'Cut away the edges of a video: a black border, a desktop around the window you recorded, or everything but the face that matters. Drag the box over the picture to keep just that area.',
    steps: [
      'Choose the video. Its first frame appears with a crop box on it.',
      'Drag the box to move it and its corners to resize it (or focus it and use the arrow keys; + and − resize). The fields below show the exact pixels.',
      'Press "Crop the video" and download the MP4.',
    ],
    limits: ['The box must lie inside the frame; its sides are rounded to even pixels for the encoder.'],
    faq: [
      {
        q: 'Can I crop to a square or a vertical video?',
        a: 'Yes: make the box square or tall. The output is exactly the size of the box; use Resize Video afterwards if you need a particular resolution.',
      },
      {
        q: 'Is the sound kept?',
        a: 'Yes, cropping only changes the picture.',
      },
    ],
  },
  'rotate-flip-video': {
    action: 'Rotate the video',
    intro:
      'Fix a video that was filmed sideways or upside down, or mirror a selfie recording so text reads the right way. The picture is turned for real, so it plays the right way up in every player.',
    steps: [
      'Choose the video.',
      'Pick the rotation clockwise (90° turns a sideways phone video upright) and, if needed, a flip.',
      'Press "Rotate the video" and download the MP4.',
    ],
    limits: ['Rotations are in steps of 90 degrees.'],
    faq: [
      {
        q: 'My video looks fine on my phone but sideways on my computer. Why?',
        a: 'Phones often store a "rotate when playing" note instead of turning the picture; some players ignore it. This tool turns the picture itself, so every player shows it the same way.',
      },
      {
        q: 'Which way is 90 degrees?',
        a: 'Clockwise. If the top of the picture is on the left, choose 90; if it is on the right, choose 270.',
      },
    ],
  },
  'speed-up-down-video': {
    action: 'Change the speed',
    intro:
      'Speed up a long screen recording or slow down a moment worth seeing twice. The sound changes speed with the picture but keeps its natural pitch, so voices do not turn into chipmunks.',
    steps: [
      'Choose the video.',
      'Set the speed: 2× plays twice as fast, 0.5× at half speed (0.25× to 4×).',
      'Press "Change the speed" and download the MP4.',
    ],
    limits: [
      'Speeds from 0.25× to 4×.',
      'Slowing down repeats frames; it does not invent new in-between frames.',
    ],
    faq: [
      {
        q: 'Does the video get shorter?',
        a: 'Yes: at 2× a 10-minute video lasts 5 minutes; at 0.5× it lasts 20.',
      },
      {
        q: 'Can I remove the sound?',
        a: 'Not with this tool. Reverse Video gives a silent result, and Convert Images to Video makes silent clips.',
      },
    ],
  },
  'join-video': {
    action: 'Join the videos',
    intro:
      'Put 2 to 20 clips together into one MP4, in the order you set, even when they come from different cameras with different sizes and formats.',
    steps: [
      'Choose the clips (or drop them all at once). Use the arrows to put them in order.',
      "Leave the resolution empty to use the first clip's size, or type one such as 1920x1080.",
      'Press "Join the videos" and download the combined MP4.',
    ],
    limits: [
      '2 to 20 clips.',
      'Clips of another shape get black bars so nothing is stretched; clips without sound get silence.',
    ],
    faq: [
      {
        q: 'Can I add a transition between clips?',
        a: 'No, clips follow each other directly. Trim the clips first if they start or end with something you do not want.',
      },
      {
        q: 'The clips have different frame rates. Is that a problem?',
        a: 'No, they are brought to one frame rate while joining.',
      },
    ],
  },
  'loop-video': {
    action: 'Loop the video',
    intro:
      'Repeat a short clip back to back, 2 to 50 times, and get it as one file: for backgrounds, GIF-like memes, or a product shot that needs to run for a while.',
    steps: [
      'Choose the clip.',
      'Set how many times it plays in total.',
      'Press "Loop the video" and download the MP4.',
    ],
    limits: [
      '2 to 50 plays; the sound loops with the picture.',
      'The result is as long as the clip times the count (at most 4 hours).',
    ],
    faq: [
      {
        q: 'Is there a jump where it starts again?',
        a: 'The clip is repeated exactly as it is. For a seamless loop, the last frame should match the first; Trim Video helps you find that point.',
      },
    ],
  },
  'overlay-image-on-video': {
    action: 'Add the image',
    intro:
      'Put a picture on top of a video: a sticker, a title card, a photo in the corner or a price tag. Place it by tapping on the video, set its width and opacity, and show it for the whole clip or only between two times.',
    steps: [
      'Choose the video, then the image (JPG, PNG with transparency, WebP, GIF, BMP or TIFF).',
      "Tap the video where the image's top-left corner goes, or drag its box; set the width, opacity and, if you like, the times to show it.",
      'Press "Add the image" and download the MP4.',
    ],
    limits: [
      "The image's top-left corner must be inside the video.",
      'Transparent areas of a PNG stay transparent; an animated GIF shows its first frame.',
    ],
    faq: [
      {
        q: 'Is this the same as adding a logo?',
        a: 'Close. Add Logo or Watermark places a picture in a corner by percentage of the video width, which is easier for branding many videos; this tool places it anywhere, to the pixel, and for a chosen time.',
      },
      {
        q: 'Can the picture appear only for a few seconds?',
        a: 'Yes: set "Show from" and "Show until" in seconds. Leave them empty to show it the whole time.',
      },
    ],
  },
  'overlay-video-on-video': {
    action: 'Overlay the video',
    intro:
      'Make a picture-in-picture video: a webcam in the corner of a screen recording, a reaction over a clip, or a detail shot next to the wide view. Place the overlay by tapping on the base video.',
    steps: [
      'Choose the base video, then the video to put on top.',
      "Tap where the overlay's top-left corner goes (or drag its box), set its width and the second at which it starts.",
      'Press "Overlay the video" and download the MP4.',
    ],
    limits: [
      "The result is as long as the base video; the base video's sound is kept.",
      "The overlay's top-left corner must be inside the base video.",
    ],
    faq: [
      {
        q: 'What happens when the overlay is shorter than the base?',
        a: 'It plays once from its start time and disappears when it ends; the base video keeps playing.',
      },
    ],
  },
  'add-logo-or-watermark-to-video': {
    action: 'Add the logo',
    intro:
      "Brand your videos with your own logo: pick a corner or the center, set the size as a share of the video's width, the opacity and the distance from the edge. We never add a watermark of our own.",
    steps: [
      'Choose the video, then your logo (a PNG with a transparent background looks best).',
      'Tap the spot on the video where the logo goes and set its size, opacity and margin.',
      'Press "Add the logo" and download the MP4.',
    ],
    limits: ["The logo's size is 5 to 50 % of the video's width, so it looks the same on every resolution."],
    faq: [
      {
        q: 'Will there be a Mediakit watermark too?',
        a: 'No. Nothing of ours is ever added to your files, on any plan.',
      },
      {
        q: 'How do I make the logo subtle?',
        a: 'Set the opacity to 40–60 % and the size to about 10 %: visible, but it does not pull attention from the video.',
      },
    ],
  },
  'brainrot-creator': {
    action: 'Create the video',
    intro:
      'Stack your clip over gameplay, slime or satisfying footage in a vertical 1080 × 1920 video for TikTok, Reels and Shorts, with an optional caption. The background is cropped to fill its half, looped and muted; the sound comes from your clip.',
    steps: [
      'Choose your main clip, then the background video.',
      'Choose whether your clip goes on top or at the bottom and type a caption if you want one (up to 120 characters).',
      'Press "Create the video" and download the vertical MP4.',
    ],
    limits: [
      'The result is as long as your main clip; a shorter background loops.',
      'Output is always 1080 × 1920.',
    ],
    faq: [
      {
        q: 'Why two videos in one?',
        a: 'The moving background keeps people watching on short-video apps; your clip carries the content and the sound.',
      },
    ],
  },
  'convert-image-to-video': {
    action: 'Make the video',
    intro:
      'Turn photos into an MP4 slideshow: product shots, a trip, a portfolio. Put up to 50 pictures in order, choose 720p, 1080p or 4K and how long each one stays on screen.',
    steps: [
      'Choose the pictures (JPG, PNG, WebP, GIF, BMP or TIFF) and put them in order with the arrows.',
      'Choose the resolution and the seconds per picture.',
      'Press "Make the video" and download the MP4.',
    ],
    limits: [
      'Up to 50 pictures, 0.5 to 60 seconds each.',
      'Pictures of another shape are fitted with bars, never stretched. The video has no sound.',
    ],
    faq: [
      {
        q: 'Can I use iPhone photos (HEIC)?',
        a: 'Convert them to JPG first with HEIC to JPG (up to 50 at once), then use "Use in another tool" to bring each here.',
      },
    ],
  },
  'change-video-framerate': {
    action: 'Change the frame rate',
    intro:
      'Convert a video to another frame rate: 60 to 30 FPS for a smaller file, 24 for a film look, or 25 / 30 to match the rest of a project.',
    steps: [
      'Choose the video. Its current frame rate shows once it is uploaded.',
      'Set the new frame rate (1 to 120 FPS).',
      'Press "Change the frame rate" and download the MP4.',
    ],
    limits: [
      'Raising the frame rate repeats frames; it does not make motion smoother.',
      'The length and the sound stay the same.',
    ],
    faq: [
      {
        q: 'Will this make my video slow motion?',
        a: 'No, the video plays at the same speed with more or fewer frames per second. For slow motion use Speed Up or Slow Down Video.',
      },
    ],
  },
  'video-frame-extractor': {
    action: 'Extract the frames',
    intro:
      'Save stills from a video as JPG or PNG: one every few seconds, at the exact times you list, or every single frame. You get the pictures one by one and all together in a ZIP.',
    steps: [
      'Choose the video.',
      'Choose which frames: every N seconds, at chosen times (e.g. 1, 2.5, 10), or all; and the picture format.',
      'Press "Extract the frames" and download the ZIP or single pictures.',
    ],
    limits: [
      'At most 1,000 frames per job; if your choice makes more, the message names the smallest interval that fits.',
      'Up to 500 listed times, each before the end of the video.',
    ],
    faq: [
      {
        q: 'JPG or PNG?',
        a: 'JPG gives small files that are right for sharing; PNG keeps every pixel exactly, which suits screenshots of text and further editing.',
      },
      {
        q: 'How do I find the time of a frame?',
        a: 'Play the video in any player and note the time shown when the frame you want is on screen.',
      },
    ],
  },
  'reverse-video': {
    action: 'Reverse the video',
    intro:
      'Play a clip backwards: people walking in reverse, a splash flying back into the glass, a rewind effect for a loop. The reversed video has no sound, because reversed audio is rarely what anyone wants.',
    steps: [
      'Choose the clip.',
      'There is nothing to set.',
      'Press "Reverse the video" and download the MP4.',
    ],
    limits: [
      'The output has no audio stream.',
      'Reversing holds every frame in memory, so clips are limited: about 23 seconds of 1080p at 30 FPS, longer at lower resolutions, never over 10 minutes.',
    ],
    faq: [
      {
        q: 'Can I keep the sound?',
        a: 'No. Add music afterwards in your editor if the clip needs sound.',
      },
    ],
  },
};
