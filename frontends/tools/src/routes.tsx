import type { RemotePage } from '../../shell/src/federation/contract.ts';
import { ToolPage } from './pages/ToolPage.tsx';
import { ToolsListPage } from './pages/ToolsListPage.tsx';

/** The pages this remote renders, by the shell's route pattern (see the shell's federation contract). */
export const routes: Record<string, RemotePage> = {
  '/tools': ToolsListPage,
  '/tool/:name': (props) => <ToolPage {...props} kind="tool" />,
  '/converter/:name': (props) => <ToolPage {...props} kind="converter" />,
};
