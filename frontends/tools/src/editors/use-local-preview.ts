import type { ShellHost } from '@mediakit/web-ui/contract';
import { useFileLink } from '@mediakit/web-ui/use-file-link';
import { useEffect, useState } from 'react';
import type { UploadItem } from '../upload/use-uploads.ts';

/**
 * A URL to show an input in an editor: the picked file itself when it is on this device (instant,
 * nothing downloaded), else the server's copy through its download link (a file passed on from
 * another tool), which the browser streams.
 */
export function useInputPreview(host: ShellHost, item: UploadItem | undefined): string | undefined {
  const [localUrl, setLocalUrl] = useState<string>();
  const local = item?.local;
  const remote = useFileLink(host.links, local ? undefined : item?.file?.id);
  useEffect(() => {
    setLocalUrl(undefined);
    if (!local) return;
    const objectUrl = URL.createObjectURL(local);
    setLocalUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [local]);
  return local ? localUrl : remote.url;
}
