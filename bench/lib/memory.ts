import { readFileSync } from 'node:fs';
import { MiB } from './stats.ts';

/** Resident set size of one process in bytes, or undefined once it is gone. */
export function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1];
    return kib ? Number(kib) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

export interface PhaseMemory {
  phase: string;
  /** Per process: RSS at the phase's start and the highest sample during it, in bytes. */
  byProcess: Record<string, { start: number; peak: number }>;
}

/**
 * Samples the RSS of a set of processes every `intervalMs` and keeps the peak per named phase
 * ("idle", "upload 1 GiB", ...). Only the service processes themselves are counted: an ffmpeg a
 * worker spawns has its own line in the video section, not here.
 */
export class MemorySampler {
  readonly phases: PhaseMemory[] = [];
  private current: PhaseMemory | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly pids: () => Partial<Record<string, number>>;
  private readonly intervalMs: number;

  constructor(pids: () => Partial<Record<string, number>>, intervalMs = 100) {
    this.pids = pids;
    this.intervalMs = intervalMs;
  }

  /** Starts a phase (ending the previous one). */
  phase(name: string): PhaseMemory {
    this.end();
    const current: PhaseMemory = { phase: name, byProcess: {} };
    this.current = current;
    this.phases.push(current);
    this.sample(true);
    this.timer = setInterval(() => this.sample(false), this.intervalMs);
    this.timer.unref();
    return current;
  }

  end(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.current) this.sample(false);
    this.current = undefined;
  }

  private sample(first: boolean): void {
    const current = this.current;
    if (!current) return;
    for (const [name, pid] of Object.entries(this.pids())) {
      if (!pid || name === 'nats') continue;
      const rss = rssOf(pid);
      if (rss === undefined) continue;
      const entry = current.byProcess[name];
      if (!entry || first) current.byProcess[name] = { start: rss, peak: Math.max(rss, entry?.peak ?? 0) };
      else entry.peak = Math.max(entry.peak, rss);
    }
  }
}

/** A markdown table: one row per service, one column per phase (peak RSS in MiB). */
export function memoryTable(phases: readonly PhaseMemory[]): string {
  const names = [...new Set(phases.flatMap((p) => Object.keys(p.byProcess)))];
  const header = `| service | ${phases.map((p) => p.phase).join(' | ')} |`;
  const rule = `|---|${phases.map(() => '---:').join('|')}|`;
  const rows = names.map((name) => {
    const cells = phases.map((p) => {
      const m = p.byProcess[name];
      return m ? (m.peak / MiB).toFixed(0) : '–';
    });
    return `| ${name} | ${cells.join(' | ')} |`;
  });
  return [header, rule, ...rows].join('\n');
}
