import { toolPath } from '@mediakit/page-meta/page-meta';
import type { Tool } from '@mediakit/web-api/types';
import { Link } from '@mediakit/web-shared/router';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { formatBytes } from '@mediakit/web-ui/format';
import { useState } from 'react';
import type { FileInfo, Job } from '../api/types.ts';
import { CompressComparison } from '../editors/CompressPreview.tsx';
import { describeFacts } from '../upload/file-facts.ts';
import type { UploadItem } from '../upload/use-uploads.ts';
import { describeExpiry } from './expiry.ts';
import { FilePreview } from './FilePreview.tsx';
import { toolsFor } from './other-tools.ts';

/** Previews shown at most; a frame extractor may make hundreds, which the ZIP carries. */
const MAX_PREVIEWS = 12;

interface ResultPanelProps {
  host: ShellHost;
  job: Job;
  tools: readonly Tool[];
  /** The job's inputs, for before/after comparisons. */
  inputs: UploadItem[];
  onStartOver(): void;
}

/** The finished job: each output with its facts and preview, downloads, and where it can go next. */
export function ResultPanel({ host, job, tools, inputs, onStartOver }: ResultPanelProps) {
  const [busy, setBusy] = useState<string>();
  const download = async (file: FileInfo) => {
    setBusy(file.id);
    try {
      await host.links.download(file);
    } catch (error) {
      host.showError(error);
    } finally {
      setBusy(undefined);
    }
  };
  const outputs = job.outputs;
  const expiry = describeExpiry(job.archive?.expiresAt ?? outputs[0]?.expiresAt ?? job.expiresAt);
  return (
    <section className="result panel" aria-labelledby="result-title">
      <h2 id="result-title">
        {outputs.length === 1 ? 'Your file is ready' : `Your ${outputs.length} files are ready`}
      </h2>
      {job.notes?.map((note) => (
        <p key={note} className="result-note">
          {note}
        </p>
      ))}
      {job.tool === 'compress-image' && outputs[0] && inputs[0]?.file && (
        <CompressComparison
          host={host}
          original={inputs[0].file}
          local={inputs[0].local}
          result={outputs[0]}
          params={job.params}
        />
      )}
      {job.archive && (
        <p className="result-archive">
          <button
            type="button"
            className="button primary"
            onClick={() => job.archive && void download(job.archive)}
            disabled={busy === job.archive.id}
          >
            Download all as ZIP ({formatBytes(job.archive.size)})
          </button>
        </p>
      )}
      <ul className="result-list">
        {outputs.slice(0, MAX_PREVIEWS).map((file) => (
          <li key={file.id} className="result-item" data-file-id={file.id}>
            <FilePreview host={host} file={file} alt={`Result: ${file.name}`} />
            <div className="result-facts">
              <p className="result-name">{file.name}</p>
              <p className="meta">
                {formatBytes(file.size)} · {describeFacts(file)}
              </p>
              <button
                type="button"
                className={`button${job.archive ? '' : ' primary'}`}
                onClick={() => void download(file)}
                disabled={busy === file.id}
              >
                Download{outputs.length > 1 ? '' : ` (${formatBytes(file.size)})`}
              </button>
              <NextTools tools={tools} file={file} from={job.tool} />
            </div>
          </li>
        ))}
      </ul>
      {outputs.length > MAX_PREVIEWS && (
        <p className="meta">
          {outputs.length - MAX_PREVIEWS} more file{outputs.length - MAX_PREVIEWS === 1 ? '' : 's'} in the
          ZIP.
        </p>
      )}
      <p className="notice privacy-note">
        No watermark. These files are deleted {expiry ?? 'soon'}; download them before then.
      </p>
      <p>
        <button type="button" className="button" onClick={onStartOver}>
          Start over with other files
        </button>
      </p>
    </section>
  );
}

/** "Use in another tool": a link that opens the other page with this output, no download needed. */
function NextTools({ tools, file, from }: { tools: readonly Tool[]; file: FileInfo; from: string }) {
  const next = toolsFor(tools, file.mime, from);
  const [choice, setChoice] = useState('');
  if (next.length === 0) return null;
  const target = next.find((t) => t.name === choice);
  return (
    <div className="next-tools">
      <label className="meta" htmlFor={`next-${file.id}`}>
        Use in another tool
      </label>
      <div className="next-row">
        <select id={`next-${file.id}`} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose a tool…</option>
          {next.map((tool) => (
            <option key={tool.name} value={tool.name}>
              {tool.title}
            </option>
          ))}
        </select>
        {target ? (
          <Link className="button" to={`${toolPath(target)}?file=${encodeURIComponent(file.id)}`}>
            Open
          </Link>
        ) : (
          <span className="button" aria-disabled="true">
            Open
          </span>
        )}
      </div>
    </div>
  );
}
