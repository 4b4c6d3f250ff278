import { createContext, useContext } from 'react';
import type { Shell } from './shell.ts';

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <ShellContext.Provider>.');
  return shell;
}
