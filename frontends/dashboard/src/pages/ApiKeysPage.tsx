import { useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import type { RemotePageProps } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { type FormEvent, useState } from 'react';
import { keys } from '../api/cache-tags.ts';
import type { ApiKey, CreatedApiKey } from '../api/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useFormMutation } from '../components/form-mutation.ts';
import { useNow } from '../components/hooks.ts';
import { OneTimeSecret } from '../components/OneTimeSecret.tsx';
import { EmptyState, LoadError } from '../components/PageStates.tsx';
import { TextField } from '../components/TextField.tsx';
import {
  API_KEY_SCOPES,
  type ApiKeyScope,
  EXPIRY_CHOICES,
  expiresAtFor,
  isExpired,
  lastUsedText,
  SCOPE_HELP,
} from '../lib/api-keys.ts';
import { formatDateTime } from '../lib/time.ts';

/**
 * `/dashboard/api-keys`: the user's API keys (docs/accounts.md "API keys"), a new one with its
 * scopes and expiry, its secret shown once, and revoking with a confirmation.
 */
export function ApiKeysPage({ host }: RemotePageProps) {
  const { api } = host;
  const queryClient = useQueryClient();
  const now = useNow();
  const list = useQuery({
    queryKey: keys.apiKeys(),
    queryFn: () => api.get<{ items: ApiKey[] }>('/account/api-keys'),
    staleTime: 0,
  });
  const [showForm, setShowForm] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey>();
  const [toRevoke, setToRevoke] = useState<ApiKey>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.apiKeys() });

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => api.delete(`/account/api-keys/${encodeURIComponent(key.id)}`),
    onSuccess: (_, key) => {
      host.notify.success(`${key.name} was revoked: it no longer works.`);
      void refresh();
    },
  });

  return (
    <>
      <h1>API keys</h1>
      <p className="lead">
        A key lets a script or the <code>mediakit</code> command line act as you, with only the scopes you
        give it. Scripts send it in the <code>Authorization</code> header as <code>Bearer mk_…</code>, and
        what they do counts against your plan.
      </p>
      {created && <NewSecret created={created} onDone={() => setCreated(undefined)} host={host} />}
      {showForm ? (
        <CreateForm
          host={host}
          now={now}
          onCancel={() => setShowForm(false)}
          onCreated={(answer) => {
            setCreated(answer);
            setShowForm(false);
            void refresh();
          }}
        />
      ) : (
        <p>
          <button type="button" className="button primary" onClick={() => setShowForm(true)}>
            New API key
          </button>
        </p>
      )}

      {list.isError && !list.data ? (
        <LoadError what="Your API keys" error={list.error} onRetry={() => void list.refetch()} />
      ) : !list.data ? (
        <Skeleton label="Loading your API keys" lines={3} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title="No API keys yet.">
          <p>Create one for each script or machine, so you can revoke one without stopping the others.</p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="API keys">
          {list.data.items.map((key) => (
            <li key={key.id} className="row api-key">
              <span className="row-main">
                <strong>{key.name}</strong>{' '}
                {isExpired(key.expiresAt, now) && <span className="status status-failed">Expired</span>}
                <span className="scopes">
                  {key.scopes.map((scope) => (
                    <code key={scope}>{scope}</code>
                  ))}
                </span>
                <span className="meta">
                  Created {formatDateTime(key.createdAt)} · last used {lastUsedText(key.lastUsedAt, now)} ·{' '}
                  {key.expiresAt ? `expires ${formatDateTime(key.expiresAt)}` : 'no expiry'}
                </span>
              </span>
              <button type="button" className="button small" onClick={() => setToRevoke(key)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toRevoke !== undefined}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        danger
        busy={revoke.isPending}
        onCancel={() => setToRevoke(undefined)}
        onConfirm={() => {
          if (toRevoke) revoke.mutate(toRevoke, { onSettled: () => setToRevoke(undefined) });
        }}
      >
        <p>
          Scripts using <strong>{toRevoke?.name}</strong> stop working with their next request. This cannot be
          undone.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The secret of a key just made: shown here once, never again (only its hash is kept). */
function NewSecret({
  created,
  onDone,
  host,
}: {
  created: CreatedApiKey;
  onDone: () => void;
  host: RemotePageProps['host'];
}) {
  return (
    <OneTimeSecret
      host={host}
      title={`Your new key “${created.key.name}”`}
      text="Copy it now and keep it somewhere safe: you will not see it again."
      label="The new API key"
      secret={created.secret}
      copied="The key was copied."
      copyFailed="Copying did not work here: select the key and copy it yourself."
      onDone={onDone}
    />
  );
}

function CreateForm(props: {
  host: RemotePageProps['host'];
  now: number;
  onCancel: () => void;
  onCreated: (created: CreatedApiKey) => void;
}) {
  const { api } = props.host;
  const {
    mutation: create,
    errors,
    setErrors,
  } = useFormMutation(
    props.host,
    (body: { name: string; scopes: ApiKeyScope[]; expiresAt?: string }) =>
      api.post<CreatedApiKey>('/account/api-keys', body),
    props.onCreated,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const scopes = API_KEY_SCOPES.filter((scope) => data.getAll('scopes').includes(scope));
    const missing: Record<string, string> = {};
    if (!name) missing.name = 'Give the key a name, such as the script or machine that uses it.';
    if (scopes.length === 0) missing.scopes = 'Choose at least one scope.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    create.mutate({ name, scopes, expiresAt: expiresAtFor(Number(data.get('expiry')), Date.now()) });
  };
  return (
    <section className="panel" aria-labelledby="new-key">
      <h2 id="new-key">New API key</h2>
      <form className="form" onSubmit={submit} noValidate>
        <TextField id="key-name" label="Name" name="name" maxLength={60} error={errors.name} />
        <fieldset
          className="field scope-choices"
          aria-invalid={errors.scopes ? true : undefined}
          aria-describedby={errors.scopes ? 'key-scopes-error' : undefined}
        >
          <legend>Scopes</legend>
          {API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="scope-choice">
              <input type="checkbox" name="scopes" value={scope} />
              <span>
                <code>{scope}</code>
                <span className="scope-help">{SCOPE_HELP[scope]}</span>
              </span>
            </label>
          ))}
          {errors.scopes && (
            <p id="key-scopes-error" className="field-error">
              {errors.scopes}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor="key-expiry">Expires</label>
          <select id="key-expiry" name="expiry" defaultValue="90">
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.days} value={choice.days}>
                {choice.label}
              </option>
            ))}
          </select>
          {errors.expiresAt && <p className="field-error">{errors.expiresAt}</p>}
        </div>
        <div className="button-row">
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
    </section>
  );
}
