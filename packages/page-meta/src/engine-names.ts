/**
 * The programs behind the tools. Public pages say what a tool does for people, not which engine
 * does it (issue 23): the copy tests hold page text against this.
 */
export const ENGINE_NAMES = /\b(ffmpeg|ffprobe|libvips|vips|mozjpeg|libheif|libx264|imagemagick)\b/i;
