#!/bin/sh
# Re-makes tests/corpus/files/video: streams a player plays but tools used to refuse (issue 24,
# class 3) and timing tools used to rewrite (class 5). Made on Debian 12 with ffmpeg 5.1 (libx264,
# aac, libvpx, libopus, h263, wmv2, wmav2; its hls, mpegts, 3gp, 3g2, webm and asf muxers),
# SoX 14.4.2 with libopencore-amrnb 0.1.6 (the AMR-NB encoder Android phones shipped) and
# mkvmerge 74.0 (mkvtoolnix). Test pictures are ffmpeg's testsrc2, sound a sine tone.
# Needs: apt-get install ffmpeg sox libsox-fmt-base mkvtoolnix
set -eu
out="$(dirname "$0")/../files/video"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
ff() { ffmpeg -hide_banner -v error -y "$@"; }

# --- HLS segments (class 3) ---
# ffmpeg's hls muxer with the settings segmenters use: 2 s segments, a keyframe every 2 s (GOP 60
# at 30 fps, no scene-cut keyframes), H.264 Main + AAC-LC 48 kHz stereo in MPEG-TS. The second
# segment is kept: it starts at a non-zero timestamp, as every segment after the first does.
ff -f lavfi -i "testsrc2=size=426x240:rate=30" -f lavfi -i "sine=frequency=440:sample_rate=48000" \
  -t 6 -map 0:v -map 1:a \
  -c:v libx264 -profile:v main -preset veryfast -g 60 -keyint_min 60 -sc_threshold 0 -b:v 400k \
  -c:a aac -b:a 96k -ac 2 \
  -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_filename "$tmp/vod%d.ts" "$tmp/vod.m3u8"
cp "$tmp/vod1.ts" "$out/hls-ffmpeg-segment.ts"

# A live stream whose sound reaches the segmenter 4 s after the picture (an encoder that starts
# its audio late, a camera whose microphone comes up late): the PMT declares the AAC track from
# the first segment on, but the first segment holds no audio packet. ffprobe shows that track
# with sample_rate 0 and 0 channels.
ff -f lavfi -i "testsrc2=size=426x240:rate=30" -itsoffset 4 -f lavfi -i "sine=frequency=440:sample_rate=48000" \
  -t 6 -map 0:v -map 1:a \
  -c:v libx264 -profile:v main -preset veryfast -g 60 -keyint_min 60 -sc_threshold 0 -b:v 400k \
  -c:a aac -b:a 96k -ac 2 \
  -f hls -hls_time 2 -hls_playlist_type vod -hls_segment_filename "$tmp/live%d.ts" "$tmp/live.m3u8"
cp "$tmp/live0.ts" "$out/hls-empty-audio-segment.ts"

# --- Phone videos (class 3) ---
# A feature phone's 3GP: H.263 QCIF 176x144 at 15 fps, 96 kb/s, with AMR-NB 12.2 kb/s 8 kHz mono
# voice encoded by opencore-amrnb (through SoX: Debian's ffmpeg has an AMR decoder, no encoder).
sox -n -r 8000 -c 1 -b 16 "$tmp/voice.wav" synth 4 sine 300-900 vol 0.5
sox "$tmp/voice.wav" -t amr-nb -C 7 "$tmp/voice.amr"
ff -f lavfi -i "testsrc2=size=176x144:rate=15" -i "$tmp/voice.amr" -t 4 -map 0:v -map 1:a \
  -c:v h263 -b:v 96k -g 15 -c:a copy -f 3gp "$out/phone-h263-amrnb.3gp"

# An Android 3GP: MPEG-4 Part 2 Simple Profile 320x240 at 30 fps with the same AMR-NB voice.
ff -f lavfi -i "testsrc2=size=320x240:rate=30" -i "$tmp/voice.amr" -t 4 -map 0:v -map 1:a \
  -c:v mpeg4 -profile:v 0 -b:v 200k -g 30 -c:a copy -f 3gp "$out/android-mpeg4-amrnb.3gp"

# A CDMA phone's 3G2: H.264 Baseline 3.0 320x240 at 30 fps with AAC-LC 44.1 kHz mono.
ff -f lavfi -i "testsrc2=size=320x240:rate=30" -f lavfi -i "sine=frequency=500:sample_rate=44100" \
  -t 4 -map 0:v -map 1:a \
  -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -b:v 256k -g 30 \
  -c:a aac -b:a 64k -ac 1 -f 3g2 "$out/phone-h264-aac.3g2"

# --- Variable frame rate (class 5) ---
# A browser's MediaRecorder WebM of a screen: VP8 (libvpx realtime, as Chrome encodes) + Opus,
# 1 ms timestamps, frames only when the screen changes (bursts at ~30 fps, pauses of 0.3 s), no
# duration and no cues in the header (written live). 36 frames over 3.4 s: ffprobe guesses
# r_frame_rate 1000/33. The timestamps go in through an mkvmerge v2 timestamps file.
cat > "$tmp/ts.txt" <<'EOF'
# timestamp format v2
0
33
67
100
133
167
200
234
267
300
612
905
1231
1500
1533
1567
1601
1633
1667
1700
1734
1767
1800
2133
2391
2702
3000
3033
3067
3100
3134
3167
3200
3233
3267
3300
EOF
ff -f lavfi -i "testsrc2=size=320x240:rate=30" -frames:v 36 \
  -c:v libvpx -deadline realtime -cpu-used 8 -b:v 400k -g 100 -f webm "$tmp/vp8.webm"
ff -f lavfi -i "sine=frequency=700:sample_rate=48000" -t 3.4 -c:a libopus -b:a 64k -f webm "$tmp/opus.webm"
mkvmerge -q -w -o "$tmp/timed.webm" --timestamps "0:$tmp/ts.txt" "$tmp/vp8.webm" "$tmp/opus.webm"
ff -i "$tmp/timed.webm" -c copy -f webm -live 1 "$out/mediarecorder-vfr.webm"

# A Windows webcam capture in ASF: WMV8 (wmv2) 320x240 at a nominal 15 fps + WMA2 22 kHz mono,
# 1/1000 time base as Windows writes ASF, capture jitter of 0 to 58 ms on the frame times. ASF
# stores no average rate: ffprobe guesses r_frame_rate 80/1.
ff -f lavfi -i "testsrc2=size=320x240:rate=15" -f lavfi -i "sine=frequency=600:sample_rate=22050" \
  -t 4 -map 0:v -map 1:a \
  -vf "settb=1/1000,setpts=(N*1000/15+9*mod(N*7\,3)+if(eq(mod(N\,11)\,10)\,40\,0))/1000/TB" \
  -fps_mode passthrough -enc_time_base:v 1/1000 \
  -c:v wmv2 -b:v 200k -g 30 -c:a wmav2 -b:a 32k -ac 1 -f asf "$out/webcam-wmv2-jitter.wmv"

# References: the first frame as ffmpeg's own decoders show it (independent of our pipeline).
ff -i "$out/hls-empty-audio-segment.ts" -frames:v 1 "$out/hls-empty-audio-segment.ref.png"
ff -i "$out/mediarecorder-vfr.webm" -frames:v 1 "$out/mediarecorder-vfr.ref.png"
ff -i "$out/webcam-wmv2-jitter.wmv" -frames:v 1 "$out/webcam-wmv2-jitter.ref.png"
ff -i "$out/phone-h263-amrnb.3gp" -frames:v 1 "$out/phone-h263-amrnb.ref.png"
