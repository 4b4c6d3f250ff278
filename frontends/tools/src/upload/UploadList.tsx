import { AudioPlayer, isAudio } from '@mediakit/web-ui/AudioPlayer';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { formatBytes } from '@mediakit/web-ui/format';
import { useInputPreview } from '../editors/use-local-preview.ts';
import { mimeFromName } from './accept.ts';
import { describeFacts } from './file-facts.ts';
import { Thumbnail } from './Thumbnail.tsx';
import type { UploadItem } from './use-uploads.ts';

interface UploadListProps {
  /** For previews of files that are only on the server (passed from another tool). */
  host: ShellHost;
  items: UploadItem[];
  onRemove(key: string): void;
  onResume(key: string): void;
  /** Uploads a failed file again (offered when the page still has the local file). */
  onRetry(item: UploadItem): void;
  /** Files the tool cannot take as they are (by key): what is wrong and what to do. */
  refusals?: Readonly<Record<string, string>>;
  /** Offered when the order matters (joining clips, a slideshow). */
  onMove?: (key: string, by: -1 | 1) => void;
  locked?: boolean;
  /** Audio files get a player on their card (false where an editor plays them already). */
  playAudio?: boolean;
}

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  uploading: 'Uploading',
  fetching: 'Fetching…',
  paused: 'Paused',
  ready: 'Uploaded',
  failed: 'Failed',
};

/**
 * Each file with its preview and its own status: byte-level progress, paused (offline), uploaded,
 * or why it failed. Its code is fetched with the first file (see ToolWorkspace).
 */
export function UploadList({
  host,
  items,
  refusals = {},
  onRemove,
  onResume,
  onRetry,
  onMove,
  locked,
  playAudio = true,
}: UploadListProps) {
  if (items.length === 0) return null;
  return (
    <ol className="upload-list" aria-label="Files">
      {items.map((item, index) => {
        const percent = item.size > 0 ? Math.floor((item.sent / item.size) * 100) : 100;
        const refusal = refusals[item.key];
        return (
          <li
            key={item.key}
            className={`upload-item ${item.status}${refusal ? ' refused' : ''}`}
            data-status={item.status}
            data-refused={refusal ? 'true' : undefined}
          >
            <Thumbnail host={host} item={item} />
            <div className="upload-body">
              <div className="upload-row">
                <span className="upload-name" title={item.name}>
                  {item.name}
                </span>
                {/* A link's size is known only once the server has the file. */}
                {(item.local || item.file) && (
                  <span className="meta upload-size">{formatBytes(item.size)}</span>
                )}
              </div>
              {(item.status === 'uploading' || item.status === 'paused') && (
                <div className="upload-progress">
                  <progress max={100} value={percent} aria-label={`Uploading ${item.name}`} />
                  <span className="meta" aria-live="polite">
                    {STATUS_TEXT[item.status]} {percent}% · {formatBytes(item.sent)} of{' '}
                    {formatBytes(item.size)}
                  </span>
                </div>
              )}
              {item.status === 'fetching' && (
                <div className="upload-progress">
                  {/* No value: how long the server at the link takes is unknown until it ends. */}
                  <progress aria-label={`Fetching ${item.name}`} />
                  <span className="meta" aria-live="polite">
                    {STATUS_TEXT.fetching}
                  </span>
                </div>
              )}
              {item.status === 'ready' && item.file && !refusal && (
                <p className="meta upload-facts">
                  {STATUS_TEXT.ready} · {describeFacts(item.file)}
                </p>
              )}
              {item.status === 'ready' && item.file && refusal && (
                <>
                  <p className="meta upload-facts">{describeFacts(item.file)}</p>
                  <p className="field-error" role="alert">
                    {refusal}
                  </p>
                </>
              )}
              {playAudio && item.status !== 'failed' && isAudio(item.file?.mime ?? itemMime(item)) && (
                <CardAudio host={host} item={item} />
              )}
              {item.message && (
                <p
                  className={item.status === 'failed' ? 'field-error' : 'meta'}
                  role={item.status === 'failed' ? 'alert' : 'status'}
                >
                  {item.message}
                </p>
              )}
              <div className="upload-actions">
                {item.status === 'paused' && (
                  <button type="button" className="button" onClick={() => onResume(item.key)}>
                    Resume now
                  </button>
                )}
                {item.status === 'failed' && (item.local || item.link) && !locked && (
                  <button
                    type="button"
                    className="button primary"
                    onClick={() => onRetry(item)}
                    aria-label={`Try again to upload ${item.name}`}
                  >
                    Try again
                  </button>
                )}
                {onMove && !locked && (
                  <>
                    <button
                      type="button"
                      className="button"
                      disabled={index === 0 || items[index - 1].slot !== item.slot}
                      onClick={() => onMove(item.key, -1)}
                      aria-label={`Move ${item.name} up`}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="button"
                      disabled={index === items.length - 1 || items[index + 1].slot !== item.slot}
                      onClick={() => onMove(item.key, 1)}
                      aria-label={`Move ${item.name} down`}
                    >
                      ↓
                    </button>
                  </>
                )}
                {!locked && (
                  <button
                    type="button"
                    className="button"
                    onClick={() => onRemove(item.key)}
                    aria-label={`Remove ${item.name}`}
                  >
                    Remove
                  </button>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** The type of a picked file before the server has read it: its name's, else the browser's. */
const itemMime = (item: UploadItem) =>
  item.local ? (mimeFromName(item.local.name) ?? item.local.type) : undefined;

/** An audio file's player on its card: the file on this device at once, else the server's copy. */
function CardAudio({ host, item }: { host: ShellHost; item: UploadItem }) {
  const src = useInputPreview(host, item);
  return <AudioPlayer src={src} name={item.name} />;
}
