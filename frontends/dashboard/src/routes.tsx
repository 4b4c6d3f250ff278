import type { RemotePage } from '@mediakit/web-ui/contract';
import { DashboardApp } from './DashboardApp.tsx';

/** The pages this remote renders, by the shell's route pattern (see the shell's federation contract). */
export const routes: Record<string, RemotePage> = {
  '/dashboard/*': DashboardApp,
};
