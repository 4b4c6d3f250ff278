import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ABOUT } from './about.ts';
import { knownCause } from './causes.ts';
import type { MachineInfo } from './machine.ts';
import type { PartOutcome } from './part.ts';
import type { TargetResult } from './targets.ts';

export interface SectionResult extends PartOutcome {
  title: string;
  status: 'ok' | 'skipped' | 'failed';
  reason?: string;
  seconds: number;
}

/** One-off measurements that explain code, kept by hand and printed after every run's figures. */
const MEASUREMENTS = readFileSync(join(import.meta.dirname, '../measurements.md'), 'utf8');

const verdict = (t: TargetResult) =>
  t.met === undefined ? 'not measured' : t.met ? '**met**' : '**missed**';

export function renderReport(input: {
  quick: boolean;
  startedAt: Date;
  minutes: number;
  machine: MachineInfo;
  sections: SectionResult[];
  memoryTables: { title: string; table: string }[];
}): string {
  const { machine, sections } = input;
  const targets = sections.flatMap((s) => s.targets);
  const missed = targets.filter((t) => t.met === false);
  const lines: string[] = [];
  lines.push('# Benchmarks', '');
  lines.push(
    `> Written by \`npm run bench${input.quick ? ' -- --quick' : ''}\` (bench/run.ts) on ${input.startedAt.toISOString()}, in ${input.minutes.toFixed(1)} minutes. Do not edit by hand: run it again (the fixed text is in bench/lib/about.ts and bench/measurements.md).`,
    '',
  );
  if (input.quick) {
    lines.push(
      "> **Quick run**: every part shrunk to seconds (tiny inputs, one or few runs) to check that the harness works. These figures are not the platform's performance.",
      '',
    );
  }
  lines.push(
    "Each figure is measured next to the raw tool doing the same work in the same run, on this machine, with the stack as `npm start` runs it (every service its own Node process, a real nats-server, the embedded stores on local disk), except that the per-caller rate limits and the free plan's `concurrentJobs` are raised because the bench is one caller doing a lot on purpose.",
    '',
  );
  lines.push(ABOUT.trim(), '');
  lines.push('## Machine', '');
  lines.push('| | |', '|---|---|');
  lines.push(
    `| CPU | ${machine.cpu} |`,
    `| cores | ${machine.cores} |`,
    `| RAM | ${machine.ramGiB.toFixed(1)} GiB |`,
  );
  lines.push(
    `| OS | ${machine.os} (kernel ${machine.kernel}) |`,
    `| load average at start | ${machine.loadAtStart} |`,
  );
  for (const [name, version] of Object.entries(machine.versions)) lines.push(`| ${name} | ${version} |`);
  lines.push('');

  lines.push('## Targets', '');
  lines.push('| target | goal | measured | verdict | margin | note |', '|---|---|---|---|---|---|');
  for (const t of targets)
    lines.push(`| ${t.name} | ${t.target} | ${t.measured} | ${verdict(t)} | ${t.margin} | ${t.note ?? ''} |`);
  const notRun = sections.filter((s) => s.status !== 'ok');
  for (const s of notRun) lines.push(`| ${s.title} | | ${s.status} | not measured | | ${s.reason ?? ''} |`);
  lines.push('');
  if (missed.length) {
    lines.push('### Causes of the misses', '');
    const printed = new Set<string>();
    for (const t of missed) {
      const known = knownCause(t.name);
      if (known && printed.has(known.prefix)) continue;
      if (known) printed.add(known.prefix);
      const sameCause = known ? missed.filter((m) => m.name.startsWith(known.prefix)) : [t];
      const names = sameCause.map((m) => `**${m.name}** (${m.measured}, goal ${m.target})`).join(', ');
      lines.push(`- ${names}: ${known?.cause ?? 'no cause established yet.'}`);
    }
    lines.push('');
  }

  for (const s of sections) {
    lines.push(`## ${s.title}`, '');
    if (s.status !== 'ok') {
      lines.push(`**${s.status}**: ${s.reason ?? ''}`, '');
      continue;
    }
    lines.push(s.markdown.trim(), '', `_(${s.seconds.toFixed(0)} s)_`, '');
  }

  if (input.memoryTables.length) {
    lines.push('## Memory of each service', '');
    lines.push(
      'Peak resident set size (RSS, MiB) of each service process during each phase, sampled every 100–200 ms. ffmpeg processes the transcoder spawns are not included in its figure.',
      '',
    );
    for (const m of input.memoryTables) lines.push(`**${m.title}**`, '', m.table, '');
  }
  lines.push(MEASUREMENTS.trim(), '');
  return `${lines.join('\n').trim()}\n`;
}
