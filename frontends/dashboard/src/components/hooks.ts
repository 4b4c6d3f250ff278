import { useSearchParams } from '@mediakit/web-shared/router';
import { useEffect, useState } from 'react';

/** The current time, ticking every `everyMs`, for "time left" texts. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A query-string value of the current URL, and a setter that keeps the other parameters. */
export function useSearchParam(
  name: string,
): [string, (value: string, options?: { push?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  return [
    params.get(name) ?? '',
    (value, options) => {
      const next = new URLSearchParams(params);
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next, { replace: !options?.push });
    },
  ];
}
