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
