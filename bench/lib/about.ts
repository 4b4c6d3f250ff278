/** The fixed part of docs/benchmarks.md: how to run the bench and what each part measures. */
export const ABOUT = `## How to run

\`npm run bench\` runs setup first (like \`npm start\`, with Chromium for the Web part), then starts its own stacks on random ports and temp dirs (nothing of \`.data/\` is touched) and writes this file. A full run takes a quarter of an hour or more and should have the machine to itself.

\`\`\`sh
npm run bench                         # every part, writes docs/benchmarks.md
npm run bench -- --quick              # seconds per part, writes a temp file (its path is printed)
npm run bench -- --only images,video  # some parts: images, photos, video, audio, loudness, bytes, web, gateway
npm run bench -- --out /tmp/b.md      # write the report elsewhere
npm run bench -- --bytes-mib 256      # size of the Bytes part's file (default 1024 MiB)
BENCH_LIGHTHOUSE_RUNS=9 npm run bench -- --only web  # Lighthouse runs a route (default 5)
BENCH_LIGHTHOUSE_DIR=/tmp/lh npm run bench -- --only web  # keep every Lighthouse report and trace
\`\`\`

The run exits with 1 when a part failed (the report says which and why); a part that cannot run here (no Chromium, web apps not built) is skipped with the reason. A missed target does not fail the run: it is reported as missed, with its known cause.

## What each part measures

| part | through the platform | next to |
|---|---|---|
| Images | \`resize-image\` 720×588 jobs on a 2725×2225 JPEG made at start: one job's latency alone (submit → final SSE event, output stored), the CPU of every process of the stack per job, jobs/s with 6 in flight | raw sharp in a loop in its own process: sharp's benchmark task, and the imager's exact pipeline with libvips' default threads and with the imager's settings (1 thread per image, 2 at a time); its time and CPU per image |
| Photos | \`heic-to-png\`/\`-jpg\` on a 12 MP HEIC and \`avif-to-png\`/\`-jpg\` on a 20 MP AVIF, made at start and cached | heif-convert, avifdec, and Debian's \`vips\` writing PNG |
| Video | \`trim-video\`, \`resize-video\`, \`video-to-gif\` (a 10 s GIF with its own palette), \`mov-to-mp4\` (remux) and \`webm-to-mp4\` (encode) on a 60 s 1080p30 clip made with lavfi | the ffmpeg CLI with the very arguments the transcoder builds; the fixed overhead measured within each job (the job's time minus the time its ffmpeg process ran, read from \`/proc\` by \`bench/lib/child-clock.ts\`); the copy floor (the input copied in and the output out as plain files) |
| Audio | \`wav-to-mp3\` at 192 kb/s on a 10-minute stereo 44.1 kHz WAV of pink noise made with lavfi | the ffmpeg CLI with the very arguments the transcoder builds (\`buildConvertAudioArgs\`); the fixed overhead measured within the job, as for Video; the copy floor |
| Loudness | \`normalize-audio\` (EBU R128, two passes, −16 LUFS, MP3 out) on a 10-minute 48 kHz stereo WAV made with lavfi | the same two ffmpeg commands (measure, then apply), built by the transcoder's argument functions; the overhead measured within each job as for Video |
| Gateway | autocannon: \`GET /tools\`, \`GET /jobs/{id}\` (as fast as it answers, and paced at 1,000 req/s), \`POST /jobs\`, on a stack without workers | RSS of every service idle and under each load |
| Bytes | a 1 GiB upload (multipart, streamed from disk) and its download | RSS growth of the gateway and the files service, next to a bare Node.js HTTP server moving the same bytes (\`bench/raw/http-passthrough.ts\`) |
| Web | JavaScript of the first load of \`/\`, \`/tool/trim-video\` and \`/dashboard\` in Chromium (gzip sizes, the largest files); Lighthouse (mobile, performance) | Lighthouse's own measure of the host's CPU (\`benchmarkIndex\`): its 4× slowdown applies on top of it |

The media targets measure what the platform adds to the tool: for images, the CPU the whole stack spends per job outside libvips (every process's CPU from \`/proc\`, minus what raw sharp spends on the same work) and one job's latency over raw sharp's; for video, the fixed overhead of a job and the encodes' time over raw ffmpeg's. Throughput ratios on two cores that the whole stack shares are reported, not targeted: they follow the core count as much as the code. This machine's speed moves from day to day, so compare the ratios and differences to the raw tools, measured in the same run, rather than absolute figures across runs.
`;
