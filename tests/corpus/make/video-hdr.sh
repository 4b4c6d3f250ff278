#!/bin/sh
# Re-makes tests/corpus/files/video-hdr/: HDR video as phones, cameras and YouTube write it, a 10-bit
# SDR clip that must NOT be tone-mapped, and damaged or unsupported files for the error sentences.
# Made with Debian's ffmpeg 5.1.x (libx265 3.5, libvpx 1.12, libx264 164, zimg 3.0) and python3.
# Reference PNGs are the first frame tone-mapped by ffmpeg's own zscale + tonemap filters, run
# here on the input, independently of Mediakit's code.
set -eu
cd "$(dirname "$0")/../files/video-hdr"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# The picture: testsrc2 (saturated bars, a gradient, moving text), 640x360, 1.5 s at 30 fps, with sound.
SRC="-f lavfi -i testsrc2=size=640x360:rate=30:duration=1.5 -f lavfi -i sine=frequency=440:sample_rate=48000:duration=1.5"
# SDR BT.709 to HDR: linear light with SDR white at 203 cd/m2 (ITU-R BT.2408, how phones grade), BT.2020.
to_hdr() {
  echo "format=yuv420p,setparams=color_primaries=bt709:color_trc=bt709:colorspace=bt709:range=tv,zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt2020:t=$1:m=bt2020nc:r=tv:npl=203,format=yuv420p10le"
}
MASTERING="master-display=G(13250,34500)B(7500,3000)R(34000,16000)WP(15635,16450)L(10000000,1):max-cll=1000,400"
TAGS_PQ="-color_primaries bt2020 -color_trc smpte2084 -colorspace bt2020nc"
TAGS_HLG="-color_primaries bt2020 -color_trc arib-std-b67 -colorspace bt2020nc"

# HDR10 as an Android phone records it: HEVC Main10, hvc1, SEI mastering display + content light level, AAC.
ff $SRC -vf "$(to_hdr smpte2084)" -c:v libx265 -preset medium -crf 30 -profile:v main10 -tag:v hvc1 \
  -x265-params "log-level=error:hdr10=1:hdr10-opt=1:repeat-headers=1:colorprim=bt2020:transfer=smpte2084:colormatrix=bt2020nc:$MASTERING" \
  $TAGS_PQ -c:a aac -b:a 64k -shortest -movflags +faststart hdr10-hevc-phone.mov
# HLG as iPhones and broadcast cameras record it (no static metadata), in MP4.
ff $SRC -vf "$(to_hdr arib-std-b67)" -c:v libx265 -preset medium -crf 30 -profile:v main10 -tag:v hvc1 \
  -x265-params "log-level=error:repeat-headers=1:colorprim=bt2020:transfer=arib-std-b67:colormatrix=bt2020nc" \
  $TAGS_HLG -c:a aac -b:a 64k -shortest hlg-hevc-phone.mp4
# HDR10 VP9 profile 2 in WebM, as YouTube serves HDR (Opus audio).
ff $SRC -vf "$(to_hdr smpte2084)" -c:v libvpx-vp9 -profile:v 2 -b:v 600k -deadline good -cpu-used 4 \
  $TAGS_PQ -c:a libopus -b:a 48k -shortest hdr10-vp9-youtube.webm
# 10-bit H.264 (High 10) in BT.709: SDR, as some cameras and screen recorders write it. Not HDR.
ff $SRC -vf format=yuv420p10le -c:v libx264 -preset medium -crf 26 -profile:v high10 \
  -color_primaries bt709 -color_trc bt709 -colorspace bt709 -c:a aac -b:a 64k -shortest sdr-10bit-h264.mp4

# References: the first frame as it should look in SDR.
TONEMAP="zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p"
for f in hdr10-hevc-phone.mov hlg-hevc-phone.mp4 hdr10-vp9-youtube.webm; do
  ff -i "$f" -frames:v 1 -vf "$TONEMAP" "${f%.*}.ref.png"
done
ff -i sdr-10bit-h264.mp4 -frames:v 1 sdr-10bit-h264.ref.png

# Failure inputs, from a plain phone-like H.264/AAC MP4 (moov at the end, as recorders write it).
ff $SRC -c:v libx264 -preset veryfast -crf 28 -pix_fmt yuv420p -c:a aac -b:a 64k -shortest /tmp/vhdr-base.mp4
ff -i /tmp/vhdr-base.mp4 -c copy -movflags +faststart /tmp/vhdr-faststart.mp4
size=$(stat -c %s /tmp/vhdr-base.mp4)
# Cut off mid-upload: the index (moov) that comes last is missing.
head -c $((size * 6 / 10)) /tmp/vhdr-base.mp4 > fail-truncated-no-moov.mp4
# Index first, media data cut off: ffprobe reads the headers, the frames are not there.
size=$(stat -c %s /tmp/vhdr-faststart.mp4)
head -c $((size / 2)) /tmp/vhdr-faststart.mp4 > fail-truncated-faststart.mp4
# Only a data stream in MPEG-TS (e.g. a KLV/ID3 side channel split off a recording).
head -c 4096 /dev/zero > /tmp/vhdr-data.bin
ff -f data -i /tmp/vhdr-data.bin -map 0 -c copy -f mpegts fail-data-only.ts
# The same MOV with its sample entry renamed: ProRes RAW (aprn), which ffmpeg cannot decode, and a
# made-up codec tag.
ff -i /tmp/vhdr-base.mp4 -map 0:v -c copy -f mov /tmp/vhdr-video.mov
python3 - <<'PY'
data = open('/tmp/vhdr-video.mov', 'rb').read()
at = data.index(b'avc1')
for tag, name in ((b'aprn', 'fail-prores-raw.mov'), (b'zzzz', 'fail-unknown-codec-tag.mov')):
    open(name, 'wb').write(data[:at] + tag + data[at + 4:])
PY
# A damaged header: the first box overwritten with junk.
cp /tmp/vhdr-base.mp4 fail-corrupt-header.mp4
printf 'junkjunkjunkjunkjunkjunkjunkjunk' | dd of=fail-corrupt-header.mp4 bs=1 seek=0 conv=notrunc 2>/dev/null
rm -f /tmp/vhdr-base.mp4 /tmp/vhdr-faststart.mp4 /tmp/vhdr-data.bin /tmp/vhdr-video.mov
ls -l
