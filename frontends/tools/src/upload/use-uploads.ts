import { describeError } from '@mediakit/web-api/errors';
import { useQueryClient } from '@mediakit/web-shared/query';
import { CACHE_TAGS, type ShellHost } from '@mediakit/web-ui/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileInfo } from '../api/types.ts';
import { nameOfLink } from './link.ts';
import { type RunningUpload, startUpload } from './tus-upload.ts';

export type UploadStatus = 'uploading' | 'fetching' | 'paused' | 'ready' | 'failed';

/** One file of the page: being uploaded, or already on the server (`file`). */
export interface UploadItem {
  key: string;
  /** Which input position it fills (0 for tools with one list of inputs). */
  slot: number;
  name: string;
  size: number;
  status: UploadStatus;
  sent: number;
  message?: string;
  /** The local file, for instant previews (a video's timeline, a crop box) without downloading. */
  local?: File;
  /** The link the server fetches the file from ("Paste a link"), instead of a local file. */
  link?: string;
  /** The file as the server read it: type, dimensions, duration, expiry. */
  file?: FileInfo;
}

let counter = 0;
const nextKey = () => `u${++counter}`;

/**
 * The files of a tool page and their uploads. Each file goes up on its own through tus, so one
 * failure or a dropped connection touches only that file, and the page shows each one's status.
 */
export function useUploads(host: ShellHost) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const running = useRef(new Map<string, RunningUpload>());
  // Imports from a link in flight: removing the card or leaving the page stops them.
  const fetching = useRef(new Map<string, AbortController>());
  const hostRef = useRef(host);
  hostRef.current = host;
  const queryClient = useQueryClient();

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  /** Sends one item's local file up, reporting into that item. */
  const begin = useCallback(
    (key: string, local: File) => {
      const upload = startUpload(local, {
        headers: () => hostRef.current.authHeaders(),
        onProgress: (sent) => update(key, { sent, status: 'uploading', message: undefined }),
        onPaused: (message) => update(key, { status: 'paused', message }),
        onResumed: () => update(key, { status: 'uploading', message: undefined }),
        onFailed: (message) => {
          running.current.delete(key);
          update(key, { status: 'failed', message });
        },
        onDone: (id) => {
          running.current.delete(key);
          hostRef.current.api.get<FileInfo>(`/files/${encodeURIComponent(id)}`).then(
            (file) => {
              update(key, { status: 'ready', sent: local.size, file, message: undefined });
              for (const tag of [CACHE_TAGS.files, CACHE_TAGS.stats])
                void queryClient.invalidateQueries({ queryKey: [tag] });
            },
            (error: unknown) => update(key, { status: 'failed', message: describeError(error).message }),
          );
        },
      });
      running.current.set(key, upload);
    },
    [update, queryClient],
  );

  /**
   * Has the server fetch a link into one item (POST /files/import): the answer is the stored file,
   * or the server's sentence on why not. `check` may still refuse the file for this slot.
   */
  const fetchLink = useCallback(
    (key: string, link: string, check?: (file: FileInfo) => string | undefined) => {
      const controller = new AbortController();
      fetching.current.set(key, controller);
      hostRef.current.api.post<FileInfo>('/files/import', { url: link }, { signal: controller.signal }).then(
        (file) => {
          fetching.current.delete(key);
          const problem = check?.(file);
          if (problem) {
            void hostRef.current.api.delete(`/files/${encodeURIComponent(file.id)}`).catch(() => {});
            update(key, { status: 'failed', message: problem });
            return;
          }
          update(key, { status: 'ready', name: file.name, size: file.size, sent: file.size, file });
          for (const tag of [CACHE_TAGS.files, CACHE_TAGS.stats])
            void queryClient.invalidateQueries({ queryKey: [tag] });
        },
        (error: unknown) => {
          fetching.current.delete(key);
          if (!controller.signal.aborted)
            update(key, { status: 'failed', message: describeError(error).message });
        },
      );
    },
    [update, queryClient],
  );

  /** A file the server fetches from a link the user pasted, shown like an upload meanwhile. */
  const addLink = useCallback(
    (link: string, slot = 0, check?: (file: FileInfo) => string | undefined) => {
      const key = nextKey();
      const item: UploadItem = {
        key,
        slot,
        name: nameOfLink(link),
        size: 0,
        status: 'fetching',
        sent: 0,
        link,
      };
      setItems((all) => [...all, item]);
      fetchLink(key, link, check);
    },
    [fetchLink],
  );

  const add = useCallback(
    (files: File[], slot = 0) => {
      const added = files.map((local) => ({
        key: nextKey(),
        slot,
        name: local.name,
        size: local.size,
        status: 'uploading' as const,
        sent: 0,
        local,
      }));
      setItems((all) => [...all, ...added]);
      for (const item of added) begin(item.key, item.local);
    },
    [begin],
  );

  /**
   * Uploads a failed file again from the same local file (a new upload, or where the last one
   * stopped), or has the server fetch its link again.
   */
  const retry = useCallback(
    (item: UploadItem) => {
      if (item.status !== 'failed') return;
      if (item.link) {
        update(item.key, { status: 'fetching', message: undefined, file: undefined });
        fetchLink(item.key, item.link);
        return;
      }
      if (!item.local) return;
      update(item.key, { status: 'uploading', sent: 0, message: undefined, file: undefined });
      begin(item.key, item.local);
    },
    [begin, update, fetchLink],
  );

  /** A file already on the server (an output passed from another tool with ?file=<id>). */
  const addExisting = useCallback((file: FileInfo, slot = 0) => {
    setItems((all) =>
      all.some((item) => item.file?.id === file.id)
        ? all
        : [
            ...all,
            {
              key: nextKey(),
              slot,
              name: file.name,
              size: file.size,
              status: 'ready',
              sent: file.size,
              file,
            },
          ],
    );
  }, []);

  const remove = useCallback((key: string) => {
    fetching.current.get(key)?.abort();
    fetching.current.delete(key);
    const upload = running.current.get(key);
    running.current.delete(key);
    void upload?.cancel();
    setItems((all) => all.filter((item) => item.key !== key));
  }, []);

  const resume = useCallback((key: string) => running.current.get(key)?.resume(), []);

  /** Moves a file one place up or down among its slot's files (join-video's order). */
  const move = useCallback((key: string, by: -1 | 1) => {
    setItems((all) => {
      const index = all.findIndex((item) => item.key === key);
      const target = index + by;
      if (index < 0 || target < 0 || target >= all.length || all[target].slot !== all[index].slot) return all;
      const next = [...all];
      [next[index], next[target]] = [next[target], next[index]];
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    for (const upload of running.current.values()) void upload.cancel();
    running.current.clear();
    for (const controller of fetching.current.values()) controller.abort();
    fetching.current.clear();
    setItems([]);
  }, []);

  // Leaving the page stops uploads in flight (what the server has of them expires by itself).
  useEffect(() => {
    const current = running.current;
    const links = fetching.current;
    return () => {
      for (const upload of current.values()) void upload.cancel();
      for (const controller of links.values()) controller.abort();
    };
  }, []);

  return { items, add, addLink, addExisting, remove, resume, retry, move, clear };
}
