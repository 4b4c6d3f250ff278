import { useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import type { Page, WebhookDelivery } from '../api/types.ts';
import { attemptOutcome, deliveryState, EVENT_LABELS } from '../lib/deliveries.ts';
import { formatDateTime } from '../lib/time.ts';
import { EmptyState, LoadError } from './PageStates.tsx';

/**
 * The deliveries of one endpoint or one job (`path`: `/webhooks/{id}/deliveries` or
 * `/jobs/{id}/deliveries`), newest first: state, every attempt's time and answer, and "Send
 * again". Read again every few seconds while one is still being tried.
 */
export function DeliveryLog({
  host,
  path,
  label,
  showUrl = false,
}: {
  host: ShellHost;
  path: string;
  label: string;
  /** Name each delivery's URL (a job's log mixes its webhookUrl and the account's endpoints). */
  showUrl?: boolean;
}) {
  const queryClient = useQueryClient();
  const queryKey = ['webhooks', 'deliveries', path];
  const log = useQuery({
    queryKey,
    queryFn: () => host.api.get<Page<WebhookDelivery>>(path, { query: { limit: 20 } }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? 5000 : false),
  });
  const resend = useMutation({
    mutationFn: (id: string) =>
      host.api.post<WebhookDelivery>(`/webhook-deliveries/${encodeURIComponent(id)}/resend`),
    onSuccess: () => {
      host.notify.success('Sending it again now.');
      // The attempt is made in the background: read the log again shortly.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey }), 1500);
    },
  });

  if (log.isError && !log.data)
    return <LoadError what="The deliveries" error={log.error} onRetry={() => void log.refetch()} />;
  if (!log.data) return <Skeleton label="Loading the deliveries" lines={3} />;
  if (log.data.items.length === 0)
    return (
      <EmptyState title="Nothing delivered yet.">
        <p>Each finished job it asked for appears here, with every attempt.</p>
      </EmptyState>
    );
  return (
    <ul className="row-list deliveries" aria-label={label}>
      {log.data.items.map((delivery) => {
        const state = deliveryState(delivery, formatDateTime);
        const last = delivery.attempts[delivery.attempts.length - 1];
        return (
          <li key={delivery.id} className="row delivery">
            <span className="row-main">
              <strong>{EVENT_LABELS[delivery.event] ?? delivery.event}</strong>
              {showUrl && <span className="delivery-url"> to {delivery.url}</span>}
              <span className="meta">
                {' '}
                · {formatDateTime(delivery.createdAt)}
                {last ? ` · attempt ${last.attempt}: ${attemptOutcome(last)}` : ''}
              </span>
              {delivery.attempts.length > 1 && (
                <details className="attempts">
                  <summary>All {delivery.attempts.length} attempts</summary>
                  <ol>
                    {delivery.attempts.map((attempt) => (
                      <li key={attempt.attempt}>
                        {formatDateTime(attempt.at)} · {attemptOutcome(attempt)} · {attempt.durationMs} ms
                        {attempt.resend ? ' · sent again' : ''}
                      </li>
                    ))}
                  </ol>
                </details>
              )}
            </span>
            <span className={`status status-${state.tone}`}>{state.label}</span>
            <button
              type="button"
              className="button small"
              disabled={resend.isPending && resend.variables === delivery.id}
              onClick={() => resend.mutate(delivery.id)}
            >
              Send again
            </button>
          </li>
        );
      })}
    </ul>
  );
}
