/**
 * What the transcoder makes, and what it refuses to take.
 *
 * Encoding defaults (tools/encoding.ts), the same for every video tool unless docs/api.md says otherwise:
 * - Container MP4 with `-movflags +faststart` (the index first, so playback starts while downloading).
 * - Video H.264 by libx264, preset `veryfast` (a 2-core worker keeps up with about real time at 1080p,
 *   for files 10–15 % larger than `medium`), CRF 23 (x264's default), pixel format yuv420p (the only
 *   H.264 flavour every browser and phone plays), width and height made even by cropping at most one
 *   pixel row/column. Converters map `quality` 1..100 linearly onto CRF 40..18 (no quality: CRF 23)
 *   and remux instead of re-encoding when MP4 can carry the streams as they are (H.264/HEVC, AAC/MP3).
 * - Audio AAC at 160 kb/s, when the input has audio.
 * - Download name `<input basename>-<suffix>.mp4`.
 *
 * Limits on inputs, from the environment (defaults in packages/catalog/src/video-limits.ts):
 * - MAX_VIDEO_DURATION_SECONDS (10800 = 3 h), MAX_VIDEO_PIXELS (8192×4320 per frame),
 *   MAX_VIDEO_FRAMES (1,000,000 = duration × fps), MAX_VIDEO_INPUT_BYTES (4 GiB).
 *   Checked twice: by the jobs service at CreateJob on what the files service read at upload
 *   (422 `unprocessable`, nothing queued), and here by guard.ts on the local copy of each input,
 *   re-probed with ffprobe before any work (a JobFailure naming the file and the limit). The two
 *   services read the same variables and must be given the same values.
 *   Images going into a video tool count as frames: the pixel and byte limits apply to them too.
 * - What ffmpeg may open (packages/ffmpeg secure-inputs.ts): every input of every ffmpeg and ffprobe
 *   run is restricted to local files (`-protocol_whitelist file`) and to the demuxers of the
 *   formats we accept (`-format_whitelist`), so a playlist (HLS, ffconcat) is refused instead of
 *   being followed to other files or to the network. MOV external references stay off (the mov
 *   demuxer's `enable_drefs` defaults to false). MP4/MOV files cut short are refused by the guard.
 * - Time: each ffmpeg step may take 10× the length of its output, at least a minute
 *   (tools/ffmpeg-step.ts); ffprobe 30 s. Then the process is killed and the job fails.
 * - Outputs are written in the job's private temp dir and enter the object store only once the
 *   handler returned (packages/worker run-job.ts): a failed job leaves no output behind.
 */
import { type VideoLimits, videoLimitsEnv, videoLimitsFromEnv } from '@mediakit/catalog';
import { loadConfig } from '@mediakit/kit';
import { Type } from 'typebox';

/** The transcoder's own variables, on top of the worker runtime's (packages/worker env.ts). */
export const transcoderLimitsEnv = Type.Object({ ...videoLimitsEnv });

/** The limits from the environment. Throws kit's ConfigError naming each bad variable. */
export function loadVideoLimits(env: NodeJS.ProcessEnv = process.env): VideoLimits {
  return videoLimitsFromEnv(loadConfig(transcoderLimitsEnv, env));
}
