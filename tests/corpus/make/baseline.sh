#!/bin/sh
# Re-makes tests/corpus/files/baseline: everyday files from the encoders people use, which every
# tool already handled before issue 24. They keep the runner honest (a case that cannot fail here
# would show up as a red row). Made with Debian 12's ImageMagick 6.9.11, exiftool 12.57,
# webp 1.2.4 (cwebp/dwebp) and ffmpeg 5.1 (libx264, aac).
set -eu
out="$(dirname "$0")/../files/baseline"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# A camera JPEG held sideways: pixels stored landscape, EXIF Orientation 6 (rotate 90° CW to show).
convert -seed 7 -size 320x240 plasma:red-blue -quality 88 -sampling-factor 2x2 "$tmp/plasma.jpg"
exiftool -q -overwrite_original -Orientation#=6 -Make=Canon -Model="EOS 80D" "$tmp/plasma.jpg"
cp "$tmp/plasma.jpg" "$out/camera-orientation-6.jpg"
convert "$out/camera-orientation-6.jpg" -auto-orient "$out/camera-orientation-6.ref.png"

# A WebP as cwebp writes it for the web (lossy, q75, with alpha).
convert -size 200x150 gradient:orange-navy \( -size 200x150 radial-gradient:white-black \) \
  -alpha off -compose CopyOpacity -composite "$tmp/alpha.png"
cwebp -quiet -q 75 -alpha_q 100 "$tmp/alpha.png" -o "$out/cwebp-lossy-alpha.webp"
dwebp -quiet "$out/cwebp-lossy-alpha.webp" -o "$out/cwebp-lossy-alpha.ref.png"

# A phone video: H.264 High with yuvj420p full range, AAC, portrait via the track's display matrix.
ffmpeg -v error -y -f lavfi -i "testsrc2=size=320x180:rate=30:duration=2" \
  -f lavfi -i "sine=frequency=440:sample_rate=48000:duration=2" \
  -c:v libx264 -profile:v high -pix_fmt yuvj420p -g 30 -b:v 400k \
  -c:a aac -b:a 96k -movflags +faststart "$out/phone-portrait-h264.mov"
# ffmpeg 5.1 no longer writes a "rotate" tag; exiftool writes the display matrix as phones do.
exiftool -q -overwrite_original -Rotation=90 "$out/phone-portrait-h264.mov"
ffmpeg -v error -y -i "$out/phone-portrait-h264.mov" -frames:v 1 "$out/phone-portrait-h264.ref.png"

# Everyday image variants from ImageMagick 6.9.11 (and avifenc 0.11.1 with aom), referenced by
# ImageMagick's own decode ("[0]": the first page or the composite) or by avifdec.
im() { convert -seed 3 -size 160x120 plasma:green-yellow "$@"; }
im -colorspace CMYK -quality 90 "$out/cmyk-photoshop.jpg"
convert "$out/cmyk-photoshop.jpg" -colorspace sRGB "$out/cmyk-photoshop.ref.png"
im "$tmp/base.png"
convert "$tmp/base.png" -depth 16 \( -size 120x160 gradient:white-black -rotate 90 \) -alpha off \
  -compose CopyOpacity -composite -depth 16 "$out/rgba-16bit.png"
convert "$out/rgba-16bit.png" -background white -alpha remove -alpha off "$out/rgba-16bit.ref.png"
convert "$tmp/base.png" \( "$tmp/base.png" -negate \) -compress LZW "$out/two-pages.tif"
convert "$out/two-pages.tif[0]" "$out/two-pages.ref.png"
convert "$tmp/base.png" -colors 200 -compress RLE BMP3:"$out/rle8.bmp"
convert "$out/rle8.bmp" "$out/rle8.ref.png"
convert "$tmp/base.png" -define icon:auto-resize=64,32,16 "$out/three-sizes.ico"
convert "$out/three-sizes.ico[0]" "$out/three-sizes.ref.png"
convert "$tmp/base.png" \( "$tmp/base.png" -negate -resize 50% \) "$out/two-layers.psd"
convert "$out/two-layers.psd[0]" "$out/two-layers.ref.png"
avifenc -s 8 "$out/rgba-16bit.png" "$out/avifenc-alpha.avif" >/dev/null
avifdec "$out/avifenc-alpha.avif" "$tmp/avif.png" >/dev/null
convert "$tmp/avif.png" -depth 8 "$out/avifenc-alpha.ref.png"

# Everyday video variants from ffmpeg 5.1 with the settings of the programs that write them.
src="testsrc2=size=192x144:rate=25:duration=1"
tone="sine=frequency=440:sample_rate=48000:duration=1"
v() { ffmpeg -v error -y -f lavfi -i "$src" -f lavfi -i "$tone" "$@"; }
printf '1\n00:00:00,000 --> 00:00:00,800\nHello\n' > "$tmp/s.srt"
# A ripped/OBS-style MKV: two audio tracks (AAC, AC-3) and SRT subtitles.
v -f lavfi -i "sine=frequency=880:sample_rate=44100:duration=1" -i "$tmp/s.srt" -map 0 -map 1 -map 2 -map 3 \
  -c:v libx264 -c:a:0 aac -c:a:1 ac3 -c:s srt "$out/obs-two-audio-subs.mkv"
# An editor's export: ProRes 422 Proxy with 24-bit PCM and a timecode track.
v -c:v prores_ks -profile:v 0 -c:a pcm_s24le -timecode 01:00:00:00 "$out/editor-prores.mov"
# A compact camera's AVI: Motion JPEG with PCM.
v -c:v mjpeg -q:v 8 -c:a pcm_s16le "$out/camera-mjpeg.avi"
# A DVD-style MPEG program stream: MPEG-2 video, MP2 audio.
v -c:v mpeg2video -q:v 4 -c:a mp2 -f vob "$out/dvd-mpeg2.mpg"
# A web AV1 clip: libaom AV1 with Opus.
v -c:v libaom-av1 -cpu-used 8 -crf 40 -c:a libopus "$out/web-av1.webm"
for f in obs-two-audio-subs.mkv editor-prores.mov camera-mjpeg.avi dvd-mpeg2.mpg web-av1.webm; do
  ffmpeg -v error -y -i "$out/$f" -frames:v 1 "$out/${f%.*}.ref.png"
done
