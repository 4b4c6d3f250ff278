import type { FileLinks } from './download-links.ts';

/**
 * FileLinks whose code is fetched with the first link asked for (a preview after an upload, a
 * download), not with every page. A failed fetch (offline) is tried again with the next call.
 * Until the code has loaded no link is cached, so `forget` has nothing to do before then.
 */
export function lazyFileLinks(load: () => Promise<FileLinks>): FileLinks {
  let loading: Promise<FileLinks> | undefined;
  const links = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return {
    url: (fileId, options) => links().then((l) => l.url(fileId, options)),
    download: (file) => links().then((l) => l.download(file)),
    forget(fileId) {
      void loading?.then(
        (l) => l.forget(fileId),
        () => {},
      );
    },
  };
}
