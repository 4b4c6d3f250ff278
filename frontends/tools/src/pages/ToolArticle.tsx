import type { Tool } from '@mediakit/web-api/types';
import { Link } from '@mediakit/web-shared/router';
import type { ShellHost } from '@mediakit/web-ui/contract';
import type { ToolCopy } from '../copy/types.ts';
import '../tools.css';
import { ToolCopySections } from './ToolCopySections.tsx';
import { ToolWorkspace } from './ToolWorkspace.tsx';

interface ToolArticleProps {
  host: ShellHost;
  tool: Tool;
  /** The whole catalog, for "use in another tool" (empty until it arrives). */
  tools: readonly Tool[];
  copy: ToolCopy | undefined;
}

/** One entry's page once its data is here: the header, the workspace (upload to download), its copy. */
export function ToolArticle({ host, tool, tools, copy }: ToolArticleProps) {
  return (
    <article className="tool-page">
      <p className="back-link">
        <Link to="/tools">← All tools</Link>
      </p>
      <h1>{tool.title}</h1>
      <p className="lead">{copy?.intro ?? tool.description}</p>
      <p className="badges">
        <span className="badge">Free</span> <span className="badge">No watermark</span>{' '}
        <span className="badge">No sign-up</span>
      </p>
      {/* Keyed by name: moving to another tool (use in another tool) starts a fresh workspace. */}
      <ToolWorkspace key={tool.name} host={host} tool={tool} tools={tools} action={copy?.action} />
      <ToolCopySections tool={tool} copy={copy} />
    </article>
  );
}
