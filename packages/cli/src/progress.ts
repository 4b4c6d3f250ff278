import type { JobProgress } from '@mediakit/client';

/** A stream the CLI writes to; `isTTY` decides between a redrawn bar and plain lines. */
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Sizes as people read them: `37 KB`, `12.6 MB`. */
const mb = (bytes: number) =>
  bytes < 1_000_000 ? `${Math.round(bytes / 1000)} KB` : `${(bytes / 1_000_000).toFixed(1)} MB`;
const BAR_WIDTH = 24;
/** In plain lines, upload progress is printed once per this many bytes (the client's chunk size). */
const PLAIN_UPLOAD_STEP = 5 * 1024 * 1024;
/** In plain lines, job progress is printed once per this many percent. */
const PLAIN_JOB_STEP = 10;

function bar(fraction: number): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
}

/**
 * What the CLI says on stderr while it works. On a terminal one line is redrawn (a bar for the
 * upload's bytes, then for the job's percent); anywhere else plain lines, a few per file, so logs
 * and scripts can read them.
 */
export class Progress {
  private readonly out: Output;
  private readonly tty: boolean;
  private drawn = false;
  private lastStep = new Map<string, number>();

  constructor(out: Output) {
    this.out = out;
    this.tty = out.isTTY === true;
  }

  /** A line that stays. */
  say(text: string): void {
    this.clear();
    this.out.write(`${text}\n`);
  }

  uploadStarted(name: string, total: number): void {
    this.say(`Uploading ${name} (${mb(total)})`);
  }

  resumed(name: string, offset: number, total: number): void {
    this.say(`Resuming the upload of ${name} at ${mb(offset)} of ${mb(total)}`);
  }

  uploaded(name: string, sent: number, total: number): void {
    if (this.tty) {
      this.draw(`${name} ${bar(sent / total)} ${mb(sent)} of ${mb(total)}`);
      return;
    }
    // The last line once, however often the uploader reports the end.
    const step = sent >= total ? Number.POSITIVE_INFINITY : Math.floor(sent / PLAIN_UPLOAD_STEP);
    if (step <= (this.lastStep.get(`up:${name}`) ?? 0)) return;
    this.lastStep.set(`up:${name}`, step);
    this.say(`${name}: uploaded ${mb(sent)} of ${mb(total)}`);
  }

  job(label: string, { status, progress, queuePosition }: JobProgress): void {
    const where = status === 'queued' && queuePosition ? `queued (position ${queuePosition})` : status;
    if (this.tty) {
      this.draw(`${label} ${bar(progress / 100)} ${Math.floor(progress)}% ${where}`);
      return;
    }
    const step = status === 'queued' ? -1 : Math.floor(progress / PLAIN_JOB_STEP);
    if (this.lastStep.get(`job:${label}`) === step) return;
    this.lastStep.set(`job:${label}`, step);
    this.say(`${label}: ${where} ${Math.floor(progress)}%`);
  }

  /** Ends a redrawn line so what follows starts on its own. */
  clear(): void {
    if (!this.drawn) return;
    this.out.write('\r\x1b[K');
    this.drawn = false;
  }

  private draw(text: string): void {
    this.out.write(`\r\x1b[K${text}`);
    this.drawn = true;
  }
}
