/**
 * The parts of `ffprobe -print_format json -show_format -show_streams` we use. ffprobe omits
 * keys that do not apply (no width on audio, no duration on some MKV streams), so most are optional.
 * Numbers that ffprobe prints as strings (duration, bit_rate, ...) stay strings here.
 */
export interface ProbeSideData {
  side_data_type?: string;
  /** Degrees, for "Display Matrix" side data. */
  rotation?: number;
  displaymatrix?: string;
  [key: string]: unknown;
}

export interface ProbeStream {
  index: number;
  codec_name?: string;
  codec_long_name?: string;
  profile?: string;
  codec_type?: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment' | (string & {});
  codec_tag_string?: string;
  width?: number;
  height?: number;
  coded_width?: number;
  coded_height?: number;
  pix_fmt?: string;
  /** Colour description: "tv"/"pc"; "bt709", "bt2020nc"…; "bt709", "smpte2084" (PQ), "arib-std-b67" (HLG)…; "bt709", "bt2020"…. */
  color_range?: string;
  color_space?: string;
  color_transfer?: string;
  color_primaries?: string;
  sample_aspect_ratio?: string;
  display_aspect_ratio?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  time_base?: string;
  start_time?: string;
  duration?: string;
  bit_rate?: string;
  nb_frames?: string;
  sample_rate?: string;
  channels?: number;
  channel_layout?: string;
  /** 0/1 flags; `attached_pic: 1` marks cover art, which is not real video. */
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
  side_data_list?: ProbeSideData[];
}

export interface ProbeFormat {
  filename?: string;
  nb_streams?: number;
  /** Comma-separated demuxer names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  format_name: string;
  format_long_name?: string;
  start_time?: string;
  duration?: string;
  size?: string;
  bit_rate?: string;
  probe_score?: number;
  tags?: Record<string, string>;
}

export interface ProbeResult {
  streams: ProbeStream[];
  format: ProbeFormat;
}
