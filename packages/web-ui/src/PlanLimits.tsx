import type { Plan } from '@mediakit/web-api/types';
import type { ReactNode } from 'react';
import { formatBytes, formatHours } from './format.ts';

/** A plan's limits as the pricing page and the dashboard's plan page list them; `children` adds lines. */
export function PlanLimits({ limits, children }: { limits: Plan['limits']; children?: ReactNode }) {
  return (
    <ul className="limits">
      <li>Files up to {formatBytes(limits.maxFileBytes)}</li>
      <li>
        {limits.concurrentJobs} job{limits.concurrentJobs === 1 ? '' : 's'} at once
      </li>
      <li>Files kept {formatHours(limits.retentionHours)}</li>
      <li>Up to {limits.batchSize} files per job</li>
      {children}
    </ul>
  );
}
