import type { FileLinks } from '@mediakit/web-api/download-links';
import type { Tool } from '@mediakit/web-api/types';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import { Link, useNavigate } from '@mediakit/web-shared/router';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import { formatBytes } from '@mediakit/web-ui/format';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useId, useState } from 'react';
import { invalidate, keys } from '../api/cache-tags.ts';
import type { MediaFile, MediaKind, Page } from '../api/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { FilePreview } from '../components/FilePreview.tsx';
import { useNow, useSearchParam } from '../components/hooks.ts';
import { EmptyState, LoadError } from '../components/PageStates.tsx';
import { formatDateTime, formatDuration, timeLeft } from '../lib/time.ts';
import { openInToolPath, toolsForFile } from '../lib/tools-for-file.ts';

const TYPES: { value: MediaKind | ''; label: string }[] = [
  { value: '', label: 'All files' },
  { value: 'video', label: 'Videos' },
  { value: 'image', label: 'Images' },
  { value: 'audio', label: 'Audio' },
  { value: 'archive', label: 'ZIP archives' },
];

/** `/dashboard/uploaded-files`: previews, type filter, sizes, expiry, delete, open in a tool. */
export function UploadedFilesPage({ host }: RemotePageProps) {
  const { api } = host;
  const queryClient = useQueryClient();
  const [media, setMedia] = useSearchParam('media');
  const filter = TYPES.some((t) => t.value === media) ? media : '';
  const tools = useQuery({ queryKey: keys.tools(), queryFn: () => api.get<{ tools: Tool[] }>('/tools') });

  const files = useInfiniteQuery({
    queryKey: keys.files(filter),
    queryFn: ({ pageParam }) =>
      api.get<Page<MediaFile>>('/files', {
        query: { media: filter || undefined, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
  const items = files.data?.pages.flatMap((p) => p.items) ?? [];

  const remove = useMutation({
    mutationFn: (file: MediaFile) => api.delete(`/files/${encodeURIComponent(file.id)}`),
    onSuccess: (_r, file) => {
      host.notify.success(`${file.name} was deleted.`);
      return invalidate(queryClient, 'fileDeleted');
    },
  });
  const [toDelete, setToDelete] = useState<MediaFile>();

  return (
    <>
      <h1>Uploaded files</h1>
      <p className="lead">
        Your uploads and what your jobs made. Each is deleted for good when its time runs out.
      </p>
      <div className="toolbar">
        <label htmlFor="file-filter">Show</label>
        <select id="file-filter" value={filter} onChange={(e) => setMedia(e.target.value)}>
          {TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>

      {files.isError && !files.data ? (
        <LoadError what="Your files" error={files.error} onRetry={() => void files.refetch()} />
      ) : !files.data ? (
        <Skeleton label="Loading your files" lines={6} />
      ) : items.length === 0 ? (
        <EmptyState title={filter ? 'No files of this type.' : 'No files yet.'}>
          <p>
            Files you upload on a <Link to="/dashboard/tools">tool page</Link> show up here until they expire.
          </p>
        </EmptyState>
      ) : (
        <ul className="file-grid" aria-label="Files">
          {items.map((file) => (
            <FileCard
              key={file.id}
              file={file}
              tools={tools.data?.tools ?? []}
              links={host.links}
              onDelete={() => setToDelete(file)}
              onError={(error) => host.showError(error)}
            />
          ))}
        </ul>
      )}
      {files.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={files.isFetchingNextPage}
          onClick={() => void files.fetchNextPage()}
        >
          {files.isFetchingNextPage ? 'Loading…' : 'Show older files'}
        </button>
      )}

      <ConfirmDialog
        open={toDelete !== undefined}
        title="Delete this file?"
        confirmLabel="Delete file"
        danger
        busy={remove.isPending}
        onCancel={() => setToDelete(undefined)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete, { onSettled: () => setToDelete(undefined) });
        }}
      >
        <p>
          <strong>{toDelete?.name}</strong> is deleted from our storage at once. This cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

function FileCard(props: {
  file: MediaFile;
  tools: Tool[];
  links: FileLinks;
  onDelete: () => void;
  onError: (error: unknown) => void;
}) {
  const { file } = props;
  const now = useNow();
  const navigate = useNavigate();
  const selectId = useId();
  const left = timeLeft(file.expiresAt, now);
  const choices = toolsForFile(props.tools, file);
  const [tool, setTool] = useState('');
  const [downloading, setDownloading] = useState(false);
  const chosen = choices.find((t) => t.name === tool) ?? choices[0];
  return (
    <li className="file-card" aria-label={file.name}>
      <FilePreview file={file} links={props.links} />
      <div className="file-body">
        <p className="file-name" title={file.name}>
          {file.name}
        </p>
        <p className="meta">
          {formatBytes(file.size)}
          {file.width && file.height ? ` · ${file.width}×${file.height}` : ''}
          {file.duration ? ` · ${formatDuration(file.duration)}` : ''}
          {' · '}
          {file.source === 'output' ? 'made by a job' : 'uploaded'} {formatDateTime(file.createdAt)}
        </p>
        <p className={`expiry${left.soon ? ' soon' : ''}`}>
          {left.expired ? 'Expired: being deleted.' : `Deleted in ${left.text.replace(/ left$/, '')}`}
        </p>
        {choices.length > 0 && chosen && (
          <div className="open-in">
            <label htmlFor={selectId} className="visually-hidden">
              Tool to open {file.name} in
            </label>
            <select id={selectId} value={chosen.name} onChange={(e) => setTool(e.target.value)}>
              {choices.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.title}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button small"
              onClick={() => navigate(openInToolPath(chosen, file))}
            >
              Open in tool
            </button>
          </div>
        )}
        <div className="button-row">
          <button
            type="button"
            className="button small"
            disabled={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await props.links.download(file);
              } catch (error) {
                props.onError(error);
              } finally {
                setDownloading(false);
              }
            }}
          >
            {downloading ? 'Downloading…' : 'Download'}
          </button>
          <button type="button" className="button small ghost danger-text" onClick={props.onDelete}>
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
