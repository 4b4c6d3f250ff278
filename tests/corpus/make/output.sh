#!/usr/bin/env bash
# Re-makes tests/corpus/files/output/: issue 24 classes 2 (the output format a user expects, never a
# larger "compressed" file) and 8 (PNG gAMA and eXIf orientation, ICO masks, float TIFF).
#
# Made with the Debian tools real users' files come from (versions this was last run with):
#   ImageMagick 6.9.11-60 Q16 (convert), libheif 1.15.1 (heif-enc with x265, heif-convert with
#   libde265), ExifTool 12.57, Netpbm 11.1.0 (pngtopam, pnmtopng), Python 3 (one byte edit, below).
# References (*.ref.png) come from independent decoders (heif-convert, ImageMagick, Netpbm), never
# from sharp. IM's plasma is seeded, so the pictures are the same on every run; x265 output may
# differ by a few bytes between versions.
set -euo pipefail
cd "$(dirname "$0")/../files"
mkdir -p output
cd output
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A camera-like photo: seeded plasma, softened, vignetted, with a little sensor noise; JPEG 4:2:0 q92
# with the EXIF a phone writes (ExifTool).
convert -size 1024x768 -seed 24 plasma:fractal -blur 0x1.2 -modulate 100,130 \
  \( -size 1024x768 gradient:'#ffffff'-'#303030' \) -compose multiply -composite \
  -attenuate 0.3 +noise Gaussian -quality 92 -sampling-factor 2x2 "$tmp/camera.jpg"
exiftool -q -overwrite_original -Make=Apple -Model='iPhone 12' -DateTimeOriginal='2026:05:01 10:00:00' "$tmp/camera.jpg"

# --- Class 2 --------------------------------------------------------------------------------------
# HEIC photo as an iPhone writes it (HEVC, 4:2:0, EXIF kept by heif-enc), and its reference.
heif-enc -q 50 "$tmp/camera.jpg" -o heif-enc-photo.heic
# References at a quarter of the size keep the corpus small (the runner scales the output to them).
heif-convert heif-enc-photo.heic "$tmp/photo.png" >/dev/null
convert "$tmp/photo.png" -resize 256x192 heif-enc-photo.ref.png
convert "$tmp/photo.png" -rotate 90 -resize 192x256 heif-enc-photo-rot90.ref.png

# HEIC with an alpha plane (a cut-out subject, as iOS "lift subject" exports).
convert "$tmp/camera.jpg" -resize 320x240 \
  \( -size 320x240 xc:black -fill white -draw 'circle 160,120 160,10' \) \
  -alpha off -compose copy_opacity -composite "$tmp/cutout.png"
heif-enc -q 60 "$tmp/cutout.png" -o heif-enc-cutout-alpha.heic
heif-convert heif-enc-cutout-alpha.heic heif-enc-cutout-alpha.ref.png >/dev/null

# A 24-bit BMP (Paint-style, BITMAPINFOHEADER) of the photo.
convert "$tmp/camera.jpg" -resize 320x240 BMP3:im-photo-24bit.bmp
convert im-photo-24bit.bmp im-photo-24bit.ref.png

# A tiny flat 4-colour palette PNG (optimised logo): no re-encode is smaller.
convert -size 64x64 xc:'#1d4ed8' -fill '#f59e0b' -draw 'rectangle 8,8 40,40' \
  -fill white -draw 'circle 44,44 44,56' -colors 4 -strip PNG8:im-flat-logo.png

# A JPEG already compressed hard (quality 40): the low level (quality 80) would be larger.
convert "$tmp/camera.jpg" -resize 640x480 -quality 40 im-q40.jpg

# --- Class 8 --------------------------------------------------------------------------------------
# PNG with gAMA 1.0 (linear samples) and with gAMA 1/2.2, written by ExifTool into an IM PNG that has
# no sRGB/iCCP chunk. Reference: Netpbm corrects to a 2.2 display as browsers do; 1/2.2 is unchanged.
convert "$tmp/camera.jpg" -resize 256x192 -strip "$tmp/small.png"
cp "$tmp/small.png" exiftool-gama-1.0.png
exiftool -q -overwrite_original -PNG:Gamma=1.0 exiftool-gama-1.0.png
pngtopam -gamma=2.2 exiftool-gama-1.0.png | pnmtopng > exiftool-gama-1.0.ref.png
cp "$tmp/small.png" exiftool-gama-2.2.png
exiftool -q -overwrite_original -PNG:Gamma=2.2 exiftool-gama-2.2.png
pngtopam exiftool-gama-2.2.png | pnmtopng > exiftool-gama-2.2.ref.png

# PNG with an eXIf chunk (before IDAT, where browsers read it) saying "rotate 90° CW".
# Reference: the picture turned by ImageMagick, as a browser displays it.
convert "$tmp/camera.jpg" -resize 240x160 -strip exiftool-exif-orientation-6.png
convert exiftool-exif-orientation-6.png -rotate 90 exiftool-exif-orientation-6.ref.png
exiftool -q -overwrite_original -IFD0:Orientation#=6 exiftool-exif-orientation-6.png

# ICO with 16, 32 and 48 px entries, 32-bit BGRA with AND masks (IM), and an odd-sized 33 px
# 4-bit palette icon whose transparency lives only in its 1-bit AND mask (rows padded to 32 bits).
convert -size 48x48 xc:none -fill '#e03020' -draw 'circle 24,24 24,3' \
  -fill '#2050e0' -draw 'rectangle 6,30 18,44' "$tmp/icon48.png"
convert "$tmp/icon48.png" -define icon:auto-resize=48,32,16 im-32bit-3-sizes.ico
convert "$tmp/icon48.png" im-32bit-3-sizes.ref.png
convert "$tmp/icon48.png" -resize 33x33 -type Palette -colors 16 im-4bit-33px.ico
convert 'im-4bit-33px.ico[0]' im-4bit-33px.ref.png

# The same 48 px icon as a 24-bit entry with no AND mask (some converters leave it out), followed by
# a 16 px entry: the bytes after the 48 px colour rows are the next entry, not a mask. ImageMagick
# writes the entries; Python drops the first entry's mask and fixes the directory.
convert "$tmp/icon48.png" -background white -alpha remove -alpha off "$tmp/opaque48.png"
convert "$tmp/opaque48.png" -define icon:auto-resize=48,16 "$tmp/two.ico"
python3 - "$tmp/two.ico" im-24bit-no-mask.ico <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
count = struct.unpack_from('<H', data, 4)[0]
entries = [list(struct.unpack_from('<BBBBHHII', data, 6 + 16 * i)) for i in range(count)]
first = entries[0]
width, height, bits = first[0] or 256, first[1] or 256, struct.unpack_from('<H', data, first[7] + 14)[0]
mask = ((width + 31) // 32) * 4 * height
if bits == 32:
    # Make the entry 24-bit: drop each pixel's fourth byte (rows are 4-byte aligned already for 48 px).
    start = first[7] + 40
    pixels = data[start:start + width * height * 4]
    rgb = bytearray(b for i, b in enumerate(pixels) if i % 4 != 3)
    struct.pack_into('<H', data, first[7] + 14, 24)
    data[start:start + width * height * 4] = rgb
    removed = width * height
    first[5] = 24
else:
    removed = 0
cut = first[7] + first[6] - removed - mask
del data[cut:cut + mask]
first[6] -= removed + mask
for i, e in enumerate(entries):
    if i > 0:
        e[7] -= removed + mask
    struct.pack_into('<BBBBHHII', data, 6 + 16 * i, *e)
open(sys.argv[2], 'wb').write(data)
PY
cp "$tmp/opaque48.png" im-24bit-no-mask.ref.png

# Floating-point TIFFs as ImageMagick writes them (samples 0..1, sRGB-encoded, deflate + float
# predictor): 32-bit RGB, 32-bit grey, 16-bit half-float RGB. Reference: ImageMagick's own reading.
convert "$tmp/camera.jpg" -resize 200x150 -depth 32 -define quantum:format=floating-point -compress zip im-float32-rgb.tif
convert im-float32-rgb.tif -depth 8 im-float32-rgb.ref.png
convert "$tmp/camera.jpg" -resize 200x150 -colorspace Gray -depth 32 -define quantum:format=floating-point -compress zip im-float32-grey.tif
convert im-float32-grey.tif -depth 8 im-float32-grey.ref.png
convert "$tmp/camera.jpg" -resize 200x150 -depth 16 -define quantum:format=floating-point -compress zip im-float16-rgb.tif
convert im-float16-rgb.tif -depth 8 im-float16-rgb.ref.png

ls -la
