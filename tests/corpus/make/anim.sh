#!/bin/sh
# Re-makes tests/corpus/files/anim/: animated GIF, WebP, AVIF and HEIF made by the encoders people
# use, plus reference first frames decoded by an independent decoder (ImageMagick, avifdec, ffmpeg).
# Made with (Debian 12): ImageMagick 6.9.11-60, gifsicle 1.93, webp 1.2.4 (img2webp, gif2webp),
# libavif 0.11.1 (avifenc, aom 3.6.0; avifdec, dav1d 1.0.0), ffmpeg 5.1 (libx265, palettegen, apng).
# heif-enc (libheif 1.15.1) cannot write image sequences (heif-enc --sequence came in libheif 1.20),
# so the HEIF sequence is HEVC (x265) muxed by ffmpeg into an ISO-BMFF with the HEIF sequence brand
# msf1, as HEIF sequence writers do.
set -eu
cd "$(dirname "$0")/../files/anim"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 42 source frames, 160×120: a box sliding right and changing colour, a pulsing disc.
i=0
while [ $i -lt 42 ]; do
  x=$((i * 3))
  convert -size 160x120 xc:'#3060c0' \
    -fill "rgb($((i * 6)),200,$((255 - i * 6)))" -draw "rectangle $x,30 $((x + 30)),70" \
    -fill '#e04040' -draw "circle 130,95 130,$((80 + i % 10))" \
    "$tmp/frame$(printf %02d $i).png"
  i=$((i + 1))
done

# An ImageMagick GIF optimised by gifsicle (partial frames over the previous ones), 10 cs a frame,
# looping forever: what most GIF tools produce.
convert -delay 10 -loop 0 "$tmp"/frame*.png "$tmp/im.gif"
gifsicle -O2 --colors 64 "$tmp/im.gif" > gifsicle-42-frames.gif
convert 'gifsicle-42-frames.gif[0]' -define png:color-type=6 gifsicle-42-frames.ref.png
convert gifsicle-42-frames.ref.png -rotate 90 -define png:color-type=6 gifsicle-42-frames.rot90.ref.png

# A screen capture turned into a GIF the usual way (ffmpeg palettegen/paletteuse), 12 fps, played 3 times.
ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=240x136:rate=12:duration=2 \
  -vf 'split[a][b];[a]palettegen=max_colors=128[p];[b][p]paletteuse' -loop 3 "$tmp/capture.gif"
cp "$tmp/capture.gif" ffmpeg-palette-24-frames.gif
convert 'ffmpeg-palette-24-frames.gif[0]' -define png:color-type=6 ffmpeg-palette-24-frames.ref.png

# img2webp: a lossy animated WebP with two frame durations (100 ms, then 250 ms), looping forever.
set -- "$tmp"/frame0[0-4].png
img2webp -loop 0 -lossy -q 75 -d 100 "$@" -d 250 "$tmp"/frame0[5-9].png -o img2webp-10-frames.webp
convert 'img2webp-10-frames.webp[0]' -define png:color-type=6 img2webp-10-frames.ref.png
convert img2webp-10-frames.ref.png -crop 60x40+0+30 +repage -define png:color-type=6 img2webp-10-frames.crop.ref.png

# gif2webp: a GIF with transparency (ImageMagick, 8 cs, played twice) turned into an animated WebP.
convert -delay 8 -loop 2 -dispose background "$tmp"/frame0[0-9].png "$tmp"/frame1[0-9].png \
  -transparent '#3060c0' "$tmp/alpha.gif"
gif2webp -q 80 "$tmp/alpha.gif" -o gif2webp-alpha-20-frames.webp
convert 'gif2webp-alpha-20-frames.webp[0]' -define png:color-type=6 gif2webp-alpha-20-frames.ref.png

# avifenc: an AVIF image sequence (brand avis) from a y4m, 10 fps, as libavif's tools make them.
ffmpeg -loglevel error -y -framerate 10 -i "$tmp/frame%02d.png" -frames:v 24 -pix_fmt yuv420p "$tmp/seq.y4m"
avifenc --fps 10 -s 8 "$tmp/seq.y4m" avifenc-24-frames.avif > /dev/null
avifdec avifenc-24-frames.avif "$tmp/avif-first.png" > /dev/null
convert "$tmp/avif-first.png" -define png:color-type=6 avifenc-24-frames.ref.png

# A HEVC image sequence (brand msf1), 10 fps, 24 frames; first frame by ffmpeg's own HEVC decoder.
ffmpeg -loglevel error -y -framerate 10 -i "$tmp/frame%02d.png" -frames:v 24 \
  -c:v libx265 -x265-params log-level=error -pix_fmt yuv420p -tag:v hvc1 -brand msf1 -f mp4 \
  x265-msf1-24-frames.heic
ffmpeg -loglevel error -y -i x265-msf1-24-frames.heic -frames:v 1 -pix_fmt rgba x265-msf1-24-frames.ref.png
convert x265-msf1-24-frames.ref.png -rotate 180 -define png:color-type=6 x265-msf1-24-frames.rot180.ref.png

# ffmpeg's APNG muxer: 12 frames at 10 fps with the blue background keyed out, looping forever.
ffmpeg -loglevel error -y -framerate 10 -i "$tmp/frame%02d.png" -frames:v 12 \
  -vf 'colorkey=0x3060c0:0.01:0,format=rgba' -plays 0 -f apng ffmpeg-apng-12-frames.png
convert 'ffmpeg-apng-12-frames.png[0]' -define png:color-type=6 ffmpeg-apng-12-frames.ref.png
convert ffmpeg-apng-12-frames.ref.png -background white -flatten ffmpeg-apng-12-frames.white.ref.png

# A small GIF that decodes huge: 30 frames of 2000×2000 (each under the 100 MP per image limit, 120 MP
# together), gifsicle storing every frame after the first as a 1-pixel change.
i=0
while [ $i -lt 30 ]; do
  convert -size 2000x2000 xc:'#204080' -fill "rgb($i,0,0)" -draw 'point 0,0' "$tmp/big$(printf %02d $i).gif"
  i=$((i + 1))
done
gifsicle -O2 --delay 10 --loopcount=0 "$tmp"/big*.gif > gifsicle-30-frames-2000px.gif

ls -l
