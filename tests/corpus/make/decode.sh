#!/bin/sh
# Re-makes tests/corpus/files/decode: valid images of the kinds issue 24 found refused or called
# "damaged" (classes 6 and 7): TIFF layouts (tiled planar, old-style JPEG, 12-bit, CIELab), CMYK
# Photoshop files, Windows cursors, BMPs wrapping a PNG, Illustrator- and Inkscape-style SVGs.
# Made with Debian 12's ImageMagick 6.9.11-60, libtiff-tools 4.5.0 (tiffcp, tiff2rgba), Inkscape
# 1.2.2, libvips-tools 8.14 (only to export libvips' default CMYK profile for the reference) and
# exiftool 12.57. References are decoded by ImageMagick/libtiff/Inkscape, never by sharp.
set -eu
# Inkscape 1.2 exits 1 after exporting when it runs without a desktop session (a GtkRecentManager
# warning); the export itself is complete, so its status is taken from the file it writes.
ink() { rm -f "$2"; inkscape "$1" "$3" "$4" --export-filename="$2" 2>/dev/null || true; test -s "$2"; }
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../files/decode"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

convert -define png:exclude-chunk=date,time -seed 7 -size 96x72 plasma:red-blue -depth 8 "$tmp/plasma.png"
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -depth 8 -compress zip "$tmp/plasma.tif"

# TIFF: tiles of 32x32 with each colour in its own plane (tiffcp -t -p separate), as some
# scanning and GIS software writes, also big-endian (-B, as on Macs of old). libvips cannot read
# it: refused by name.
tiffcp -t -w 32 -l 32 -p separate "$tmp/plasma.tif" "$out/tiffcp-tiled-planar.tif"
tiffcp -B -t -w 32 -l 32 -p separate "$tmp/plasma.tif" "$out/tiffcp-motorola-tiled-planar.tif"
# TIFF: tiled but interleaved, and separate planes in strips: both read.
tiffcp -t -w 32 -l 32 "$tmp/plasma.tif" "$out/tiffcp-tiled.tif"
tiffcp -p separate -c lzw "$tmp/plasma.tif" "$out/tiffcp-planar-strips.tif"
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" "$out/tiff-plasma.ref.png"
# TIFF: Zstandard compression (GDAL and newer scanners): sharp's libtiff is built without it.
tiffcp -c zstd "$tmp/plasma.tif" "$out/tiffcp-zstd.tif"
# TIFF: 12 bits per sample (scanner raw output), written by ImageMagick: refused by name.
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -depth 12 -compress zip "$out/im-12bit.tif"
# TIFF: CIELab (Photoshop's Lab mode), 8 and 16 bits; references converted to sRGB by ImageMagick.
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -colorspace Lab -depth 8 -compress zip "$out/im-cielab-8bit.tif"
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -colorspace Lab -depth 16 -compress zip "$out/im-cielab-16bit.tif"
convert -define png:exclude-chunk=date,time "$out/im-cielab-16bit.tif" -colorspace sRGB -depth 8 "$out/im-cielab-16bit.ref.png"
convert -define png:exclude-chunk=date,time "$out/im-cielab-8bit.tif" -colorspace sRGB -depth 8 "$out/im-cielab-8bit.ref.png"
# TIFF: old-style JPEG (compression 6) as 1990s scanners wrote it: the JPEG stream (4:2:0, from
# ImageMagick) wrapped by decode-ojpeg.py; reference decoded by libtiff's own OJPEG reader.
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -sampling-factor 2x2 -quality 85 "$tmp/plasma.jpg"
python3 "$here/decode-ojpeg.py" "$tmp/plasma.jpg" "$out/old-style-jpeg.tif" 96 72
tiff2rgba "$out/old-style-jpeg.tif" "$tmp/ojpeg-rgba.tif" 2>/dev/null
convert -define png:exclude-chunk=date,time "$tmp/ojpeg-rgba.tif" -alpha off "$out/old-style-jpeg.ref.png"

# CMYK Photoshop documents (8 and 16 bits) as ImageMagick writes them, without a profile. The
# reference converts them through libvips' default CMYK profile (what sharp assumes for an untagged
# CMYK file) with lcms in ImageMagick, perceptual intent with black-point compensation.
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -colorspace CMYK "$out/im-cmyk-8bit.psd"
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -colorspace CMYK -depth 16 "$out/im-cmyk-16bit.psd"
vips icc_transform "$tmp/plasma.png" "$tmp/cmyk.jpg" cmyk
exiftool -q -b -icc_profile "$tmp/cmyk.jpg" > "$tmp/cmyk.icc"
convert -define png:exclude-chunk=date,time "$out/im-cmyk-8bit.psd[0]" -intent perceptual -black-point-compensation \
  -profile "$tmp/cmyk.icc" -profile /usr/share/color/icc/sRGB.icc -strip "$out/im-cmyk.ref.png"
# A CMYK PSD cut short: damaged.
head -c 20000 "$out/im-cmyk-8bit.psd" > "$out/im-cmyk-truncated.psd"

# A Windows cursor (.cur): ImageMagick's CUR writer, 48x48 with transparency.
convert -define png:exclude-chunk=date,time "$tmp/plasma.png" -resize 40x40 -background none -gravity center -extent 48x48 \
  "cur:$out/im-pointer.cur"
convert -define png:exclude-chunk=date,time "$out/im-pointer.cur" "$out/im-pointer.ref.png"

# A BMP whose pixels are a PNG file (BI_PNG, as printer drivers and some Windows APIs write).
python3 - "$tmp/plasma.png" "$out/bmp-with-png.bmp" <<'PY'
import struct, sys
png = open(sys.argv[1], 'rb').read()
head = bytearray(54)
head[0:2] = b'BM'
struct.pack_into('<I', head, 2, 54 + len(png))
struct.pack_into('<I', head, 10, 54)
struct.pack_into('<IiiHHII', head, 14, 40, 96, 72, 1, 0, 5, len(png))
open(sys.argv[2], 'wb').write(bytes(head) + png)
PY
cp "$tmp/plasma.png" "$out/bmp-with-png.ref.png"
head -c 8000 "$out/bmp-with-png.bmp" > "$out/bmp-with-png-truncated.bmp"

# Kept as written by hand (not re-made here): web-linked-photo.svg (an <image> on a web address,
# refused) and entity-bomb.svg (nested internal entities, "billion laughs", refused).

# SVG: an Illustrator 10 export, written by hand after real ones and kept as it is in files/ (not
# re-made here): namespaces declared as DOCTYPE entities, style entities, and the PGF private data
# behind a <switch>. Reference by Inkscape.
ink "$out/illustrator10-entities.svg" "$out/illustrator10-entities.ref.png" --export-type=png --export-area-page
# SVG: Inkscape's own plain-SVG export, of a drawing with a web font (@font-face url()).
cat > "$tmp/font-face.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <style>
    @font-face { font-family: "Brand Sans"; src: url("https://fonts.example.com/brand-sans.woff2") format("woff2"); }
    .title { font-family: "Brand Sans", sans-serif; font-size: 14px; fill: #ffffff; }
  </style>
  <rect width="200" height="100" fill="#2a6f3b"/>
  <rect x="20" y="20" width="160" height="40" rx="8" fill="#f2c230"/>
  <text class="title" x="24" y="88">Brand</text>
</svg>
SVG
ink "$tmp/font-face.svg" "$out/inkscape-font-face.svg" --export-type=svg --export-plain-svg
ink "$out/inkscape-font-face.svg" "$out/inkscape-font-face.ref.png" --export-type=png --export-area-page
# SVG: Inkscape's plain export of a drawing without fonts (the everyday case).
ink "$out/illustrator10-entities.svg" "$out/inkscape-plain.svg" --export-type=svg --export-plain-svg
ink "$out/inkscape-plain.svg" "$out/inkscape-plain.ref.png" --export-type=png --export-area-page
