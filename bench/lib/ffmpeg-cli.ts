import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { buildFfmpegArgs, secureInputs } from '@mediakit/ffmpeg';

/**
 * The exact command line the transcoder runs (runFfmpeg's fixed prefix and the input restrictions),
 * timed; with the end of its log, where filters print what they measured (loudnorm's first pass).
 */
export function runFfmpegCli(args: string[]): Promise<{ ms: number; stderrTail: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', buildFfmpegArgs(secureInputs(args)), { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stdout.resume();
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-16_000);
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve({ ms: performance.now() - started, stderrTail: stderr });
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.slice(-4000)}`));
    });
  });
}
