#!/bin/sh
# Re-makes tests/corpus/files/heif: HEIC and AVIF stills as phones, cameras and HDR tools write them
# (issue 24, classes 9 and 4). Made on Debian 12 with libheif-examples 1.15.1 (heif-enc with x265,
# heif-convert with libde265), libavif-bin 0.11.1 (avifenc with aom 3.6, avifdec with dav1d 1.0),
# ImageMagick 6.9.11, ffmpeg 5.1 (zscale/zimg 3.0, tonemap) and python3-numpy (the HDR scene).
#
# References come from decoders other than ours: heif-convert for HEIC, avifdec for AVIF. An HDR
# file's reference is tone-mapped by ffmpeg: linear light with 100 nits = 1.0, BT.709 primaries,
# Hable's curve with a 1000-nit peak on the largest channel (desat=0), the sRGB curve; the imager's
# operator (services/imager/src/decode/hdr.ts) is the same recipe, written independently.
set -eu
here="$(dirname "$0")"
out="$here/../files/heif"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# A phone photo: HEVC 4:2:0 8-bit at quality 50, what iPhones and Samsungs write (smaller than a
# camera's 12 MP so the corpus stays small; the bench makes 12 MP ones at run time).
convert -seed 7 -size 640x480 plasma:fractal -blur 0x2 -attenuate 0.1 +noise Gaussian \
  -depth 8 "$tmp/photo.png"
heif-enc -q 50 -o "$out/heif-enc-x265-photo.heic" "$tmp/photo.png"
heif-convert "$out/heif-enc-x265-photo.heic" "$tmp/photo-ref.png" >/dev/null
convert "$tmp/photo-ref.png" -depth 8 "$out/heif-enc-x265-photo.ref.png"

# An SDR AVIF photo as avifenc writes it for the web: 8-bit 4:2:0, quantizer 20-32, speed 8.
convert -seed 9 -size 640x426 plasma:fractal -blur 0x2 -attenuate 0.1 +noise Gaussian \
  -depth 8 "$tmp/web.png"
avifenc -s 8 -y 420 --min 20 --max 32 "$tmp/web.png" "$out/avifenc-photo.avif" >/dev/null
avifdec "$out/avifenc-photo.avif" "$out/avifenc-photo.ref.png" >/dev/null

# HDR: one 16-bit scene (grey ramp 0.05-1000 nits, colour patches at 80 and 400 nits, a 1000-nit
# sun), coded as PQ or HLG with BT.2020 primaries, then encoded as HDR AVIF by avifenc.
tonemap() { # $1 = zscale transfer name of the input, $2 = 16-bit PNG in, $3 = 8-bit PNG out
  ffmpeg -v error -y -i "$2" -vf "zscale=tin=$1:pin=bt2020:min=gbr:rin=full:t=linear:p=bt2020:m=gbr:r=full:npl=100,format=gbrpf32le,zscale=tin=linear:pin=bt2020:min=gbr:t=linear:p=bt709:m=gbr,tonemap=hable:desat=0:peak=10,zscale=tin=linear:pin=bt709:min=gbr:t=iec61966-2-1:p=bt709:m=gbr:r=full,format=rgb24" "$3"
}
for kind in pq hlg; do
  python3 "$here/heif-hdr-scene.py" "$kind" "$tmp/$kind.ppm"
  convert "$tmp/$kind.ppm" -define png:exclude-chunks=gAMA,cHRM,sRGB,bKGD,tIME,tEXt,zTXt \
    -depth 16 "PNG48:$tmp/$kind.png"
done
avifenc -s 6 -d 10 -y 444 --min 10 --max 20 --cicp 9/16/9 "$tmp/pq.png" "$out/avifenc-pq-10bit.avif" >/dev/null
avifenc -s 6 -d 12 -y 420 --min 10 --max 20 --cicp 9/16/9 "$tmp/pq.png" "$out/avifenc-pq-12bit.avif" >/dev/null
avifenc -s 6 -d 10 -y 420 --min 10 --max 20 --cicp 9/18/9 "$tmp/hlg.png" "$out/avifenc-hlg-10bit.avif" >/dev/null
for name in avifenc-pq-10bit avifenc-pq-12bit avifenc-hlg-10bit; do
  avifdec -d 16 "$out/$name.avif" "$tmp/$name.png" >/dev/null
  case "$name" in *hlg*) trc=arib-std-b67 ;; *) trc=smpte2084 ;; esac
  tonemap "$trc" "$tmp/$name.png" "$out/$name.ref.png"
done

# A 10-bit HEIC from the same PQ scene. heif-enc 1.15 writes no colour description for it (no colr
# box, nothing in the HEVC VUI), so every reader, ours included, shows the coded values as they are.
heif-enc -b 10 -q 80 -o "$out/heif-enc-x265-10bit.heic" "$tmp/pq.png"
heif-convert "$out/heif-enc-x265-10bit.heic" "$tmp/10bit-ref.png" >/dev/null
convert "$tmp/10bit-ref.png" -depth 8 "$out/heif-enc-x265-10bit.ref.png"
