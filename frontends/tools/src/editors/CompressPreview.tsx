import type { ShellHost } from '@mediakit/web-ui/contract';
import { formatBytes } from '@mediakit/web-ui/format';
import { useFileLink } from '@mediakit/web-ui/use-file-link';
import { useEffect, useState } from 'react';
import type { FileInfo } from '../api/types.ts';
import type { UploadItem } from '../upload/use-uploads.ts';
import { predictSize } from './predict-size.ts';
import type { EditorProps } from './types.ts';
import { useInputPreview } from './use-local-preview.ts';

function usePrediction(item: UploadItem | undefined, params: Record<string, unknown>) {
  const [predicted, setPredicted] = useState<number>();
  const key = JSON.stringify(params);
  // biome-ignore lint/correctness/useExhaustiveDependencies: params are compared by value (key)
  useEffect(() => {
    const file = item?.file;
    if (!file) return;
    let current = true;
    const timer = setTimeout(() => {
      void predictSize(item.local, file, params).then((size) => current && setPredicted(size));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [item, key]);
  return predicted;
}

/** compress-image before running: the predicted size of the (first) picture with these settings. */
export function CompressPredictEditor({ items, params }: EditorProps) {
  const first = items.find((item) => item.file);
  const predicted = usePrediction(first, params);
  if (!first?.file || predicted === undefined) return null;
  return (
    <p className="notice predicted" aria-live="polite">
      {items.length > 1 ? `${first.name}: ` : ''}
      {formatBytes(first.file.size)} now, about <strong>{formatBytes(predicted)}</strong> after compressing
      (predicted).
    </p>
  );
}

/**
 * compress-image after running: the original and the result of one picture on top of each other,
 * a slider to wipe between them, and the original, predicted and actual sizes.
 */
export function CompressComparison({
  host,
  original,
  local,
  result,
  params,
}: {
  host: ShellHost;
  original: FileInfo;
  local?: File;
  result: FileInfo;
  params: Record<string, unknown>;
}) {
  const before = useInputPreview(host, {
    key: original.id,
    slot: 0,
    name: original.name,
    size: original.size,
    status: 'ready',
    sent: 0,
    local,
    file: original,
  });
  // The result streams from its download link; the original is the picked file when it is here.
  const after = useFileLink(host.links, result.id);
  const [split, setSplit] = useState(50);
  const [predicted, setPredicted] = useState<number>();
  useEffect(() => {
    let current = true;
    void predictSize(local, original, params).then((size) => current && setPredicted(size));
    return () => {
      current = false;
    };
  }, [local, original, params]);
  const saved = original.size > 0 ? Math.round((1 - result.size / original.size) * 100) : 0;
  return (
    <div className="editor compare-editor">
      <h3>Before and after</h3>
      {before && after.url && (
        <>
          <div className="compare">
            <img src={before} alt={`Before: ${original.name}`} />
            <img
              src={after.url}
              alt={`After: ${result.name}`}
              onError={after.onError}
              className="after"
              style={{ clipPath: `inset(0 0 0 ${split}%)` }}
            />
            <div className="compare-divider" style={{ left: `${split}%` }} />
          </div>
          <label className="meta" htmlFor="compare-split">
            Slide to compare: before on the left, after on the right
          </label>
          <input
            id="compare-split"
            type="range"
            min={0}
            max={100}
            value={split}
            onChange={(e) => setSplit(Number(e.target.value))}
          />
        </>
      )}
      <dl className="sizes">
        <div>
          <dt>Original</dt>
          <dd>{formatBytes(original.size)}</dd>
        </div>
        <div>
          <dt>Predicted</dt>
          <dd>{predicted === undefined ? '…' : formatBytes(predicted)}</dd>
        </div>
        <div>
          <dt>Actual</dt>
          <dd data-testid="actual-size">
            {formatBytes(result.size)} ({saved >= 0 ? `${saved}% smaller` : `${-saved}% larger`})
          </dd>
        </div>
      </dl>
    </div>
  );
}
