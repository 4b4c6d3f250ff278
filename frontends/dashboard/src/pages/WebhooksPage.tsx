import { useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import type { RemotePageProps, ShellHost } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { useState } from 'react';
import type { Page, WebhookEndpoint, WebhookJobSecret } from '../api/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { DeliveryLog } from '../components/DeliveryLog.tsx';
import { EndpointForm } from '../components/EndpointForm.tsx';
import { OneTimeSecret } from '../components/OneTimeSecret.tsx';
import { EmptyState, LoadError } from '../components/PageStates.tsx';
import { EVENT_LABELS } from '../lib/deliveries.ts';
import { formatDateTime } from '../lib/time.ts';

const ENDPOINTS_KEY = ['webhooks', 'endpoints'];

type Pending = { kind: 'delete' | 'rotate'; endpoint: WebhookEndpoint } | { kind: 'rotate-job' };

/**
 * `/dashboard/webhooks`: the account's endpoints (add, rotate the secret, delete, each one's
 * delivery log with "Send again") and the job secret that signs deliveries to a job's own
 * webhookUrl. A secret is shown once, right after it is made.
 */
export function WebhooksPage({ host }: RemotePageProps) {
  const { api } = host;
  const queryClient = useQueryClient();
  const endpoints = useQuery({
    queryKey: ENDPOINTS_KEY,
    queryFn: () => api.get<Page<WebhookEndpoint>>('/webhooks'),
    staleTime: 0,
  });
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<{ title: string; secret: string }>();
  const [open, setOpen] = useState<string>();
  const [pending, setPending] = useState<Pending>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY });

  const act = useMutation({
    mutationFn: async (action: Pending) => {
      if (action.kind === 'rotate-job') return api.post<WebhookJobSecret>('/webhooks/job-secret/rotate');
      const path = `/webhooks/${encodeURIComponent(action.endpoint.id)}`;
      if (action.kind === 'delete') return api.delete(path);
      return api.post<WebhookEndpoint>(`${path}/rotate-secret`);
    },
    onSuccess: (answer, action) => {
      setPending(undefined);
      if (action.kind === 'delete') host.notify.success('The endpoint was deleted.');
      const secret = (answer as { secret?: string } | undefined)?.secret;
      if (secret)
        setShown({
          title: action.kind === 'rotate-job' ? 'Your new job secret' : 'The endpoint’s new secret',
          secret,
        });
      void refresh();
    },
  });
  const jobSecret = useMutation({
    mutationFn: () => api.get<WebhookJobSecret>('/webhooks/job-secret'),
    onSuccess: (answer) => {
      if (answer.secret) setShown({ title: 'Your job secret', secret: answer.secret });
      else
        host.notify.show(
          `Your job secret was shown on ${formatDateTime(answer.createdAt)}. Lost it? Rotate it to get a new one.`,
        );
    },
  });

  return (
    <>
      <h1>Webhooks</h1>
      <p className="lead">
        When a job ends, Mediakit sends a signed POST to the addresses you give here. Check each one with any
        Standard Webhooks library and your endpoint’s secret.
      </p>
      {shown && (
        <OneTimeSecret
          host={host}
          title={shown.title}
          text="Copy it now and keep it with your receiver: it is not shown again."
          label="The signing secret"
          secret={shown.secret}
          copied="The secret was copied."
          copyFailed="Copying did not work here: select the secret and copy it yourself."
          onDone={() => setShown(undefined)}
        />
      )}
      {adding ? (
        <EndpointForm
          host={host}
          onCancel={() => setAdding(false)}
          onAdded={(endpoint) => {
            setAdding(false);
            if (endpoint.secret) setShown({ title: 'Your endpoint’s secret', secret: endpoint.secret });
            void refresh();
          }}
        />
      ) : (
        <p>
          <button type="button" className="button primary" onClick={() => setAdding(true)}>
            Add endpoint
          </button>
        </p>
      )}

      <h2>Endpoints</h2>
      {endpoints.isError && !endpoints.data ? (
        <LoadError what="Your endpoints" error={endpoints.error} onRetry={() => void endpoints.refetch()} />
      ) : !endpoints.data ? (
        <Skeleton label="Loading your endpoints" lines={3} />
      ) : endpoints.data.items.length === 0 ? (
        <EmptyState title="No endpoints yet.">
          <p>Add one to hear of every finished, failed or canceled job without asking.</p>
        </EmptyState>
      ) : (
        <ul className="endpoint-list" aria-label="Endpoints">
          {endpoints.data.items.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              host={host}
              endpoint={endpoint}
              open={open === endpoint.id}
              busy={act.isPending}
              onToggle={() => setOpen(open === endpoint.id ? undefined : endpoint.id)}
              onAction={(kind) => setPending({ kind, endpoint })}
            />
          ))}
        </ul>
      )}

      <section className="panel" aria-labelledby="job-webhooks">
        <h2 id="job-webhooks">Webhooks of single jobs</h2>
        <p>
          A job started through the API with a <code>webhookUrl</code> reports its end there, signed with your
          account’s job secret. It is shown once.
        </p>
        <div className="button-row">
          <button
            type="button"
            className="button"
            disabled={jobSecret.isPending}
            onClick={() => jobSecret.mutate()}
          >
            Show the job secret
          </button>
          <button type="button" className="button" onClick={() => setPending({ kind: 'rotate-job' })}>
            Rotate the job secret
          </button>
        </div>
      </section>

      <ConfirmDialog
        open={pending !== undefined}
        title={pending?.kind === 'delete' ? 'Delete this endpoint?' : 'Rotate the secret?'}
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Rotate'}
        danger
        busy={act.isPending}
        onCancel={() => setPending(undefined)}
        onConfirm={() => pending && act.mutate(pending)}
      >
        <p>
          {pending?.kind === 'delete'
            ? `Nothing more is sent to ${pending.endpoint.url}, and its delivery log goes too.`
            : 'The current secret stops working at once: every next delivery, retries included, is signed with the new one.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

function EndpointCard(props: {
  host: ShellHost;
  endpoint: WebhookEndpoint;
  open: boolean;
  busy: boolean;
  onToggle: () => void;
  onAction: (kind: 'delete' | 'rotate') => void;
}) {
  const { endpoint } = props;
  return (
    <li className="panel endpoint" aria-label={endpoint.url}>
      <p className="endpoint-url">
        <code>{endpoint.url}</code>
      </p>
      {endpoint.description && <p>{endpoint.description}</p>}
      <p className="meta">
        {endpoint.events.map((e) => EVENT_LABELS[e] ?? e).join(', ')} · added{' '}
        {formatDateTime(endpoint.createdAt)}
        {' · '}secret from {formatDateTime(endpoint.secretCreatedAt)}
      </p>
      <div className="button-row">
        <button type="button" className="button" aria-expanded={props.open} onClick={props.onToggle}>
          {props.open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        <button
          type="button"
          className="button"
          disabled={props.busy}
          onClick={() => props.onAction('rotate')}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="button ghost danger-text"
          disabled={props.busy}
          onClick={() => props.onAction('delete')}
        >
          Delete
        </button>
      </div>
      {props.open && (
        <DeliveryLog
          host={props.host}
          path={`/webhooks/${encodeURIComponent(endpoint.id)}/deliveries`}
          label={`Deliveries to ${endpoint.url}`}
        />
      )}
    </li>
  );
}
