import { formatNameLabel } from '@mediakit/catalog/mime';
import type { Tool } from '@mediakit/web-api/types';
import type { ToolCopy } from '../copy/types.ts';
import { listFormats } from '../upload/accept.ts';

/** How to use it in three steps, the limits and a short FAQ: the page's own copy. */
export function ToolCopySections({ tool, copy }: { tool: Tool; copy: ToolCopy | undefined }) {
  const count =
    tool.inputs.min === tool.inputs.max
      ? `${tool.inputs.min} file${tool.inputs.min === 1 ? '' : 's'}`
      : `${tool.inputs.min} to ${tool.inputs.max} files`;
  return (
    <div className="tool-copy">
      {copy && (
        <section aria-labelledby="how-to">
          <h2 id="how-to">How to use it</h2>
          <ol className="how-steps">
            {copy.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="limits">
        <h2 id="limits">Limits</h2>
        <ul className="limits">
          <li>
            Takes {count}: {listFormats(tool.inputs.accept)}. {gives(tool)}, without a watermark.
          </li>
          {copy?.limits.map((limit) => (
            <li key={limit}>{limit}</li>
          ))}
          <li>
            Files are deleted after processing: one hour after upload without an account, later with a plan
            that keeps them longer.
          </li>
        </ul>
      </section>
      {copy && copy.faq.length > 0 && (
        <section aria-labelledby="faq">
          <h2 id="faq">Questions</h2>
          <div className="faq">
            {copy.faq.map((item) => (
              <details key={item.q}>
                <summary>{item.q}</summary>
                <p>{item.a}</p>
              </details>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}

/** "Gives MP4", or for tools that keep the input's format, which formats that can be. */
function gives(tool: Tool): string {
  const formats = tool.output.formats.map(formatNameLabel);
  if (formats.length <= 2) return `Gives ${formats.join(' or ')}`;
  const list = `${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}`;
  if (tool.output.media === 'audio')
    return `Keeps the sound's format where it can (${list}; other formats M4A)`;
  return `Keeps the picture's format (${list}; HEIC photos become JPEG, other formats PNG)`;
}
