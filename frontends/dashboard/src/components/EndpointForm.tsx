import type { ShellHost } from '@mediakit/web-ui/contract';
import type { FormEvent } from 'react';
import { WEBHOOK_EVENTS, type WebhookEndpoint, type WebhookEvent } from '../api/types.ts';
import { EVENT_LABELS } from '../lib/deliveries.ts';
import { useFormMutation } from './form-mutation.ts';
import { TextField } from './TextField.tsx';

/** The form adding a webhook endpoint: its URL, the events it wants, a note. */
export function EndpointForm(props: {
  host: ShellHost;
  onAdded: (endpoint: WebhookEndpoint) => void;
  onCancel: () => void;
}) {
  const {
    mutation: add,
    errors,
    setErrors,
  } = useFormMutation(
    props.host,
    (body: { url: string; events: WebhookEvent[]; description?: string }) =>
      props.host.api.post<WebhookEndpoint>('/webhooks', body),
    props.onAdded,
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const url = String(data.get('url') ?? '').trim();
    const description = String(data.get('description') ?? '').trim();
    const events = WEBHOOK_EVENTS.filter((e) => data.get(e) === 'on');
    const missing: Record<string, string> = {};
    if (!url) missing.url = 'Please enter the address of your receiver, like https://example.com/hooks.';
    if (events.length === 0) missing.events = 'Choose at least one event.';
    setErrors(missing);
    if (Object.keys(missing).length === 0)
      add.mutate({ url, events, ...(description ? { description } : {}) });
  };
  return (
    <section className="panel" aria-labelledby="new-endpoint">
      <h2 id="new-endpoint">New endpoint</h2>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id="endpoint-url"
          label="URL"
          name="url"
          type="url"
          inputMode="url"
          placeholder="https://example.com/hooks/mediakit"
          maxLength={2048}
          error={errors.url}
        />
        <fieldset className="field" aria-describedby={errors.events ? 'endpoint-events-error' : undefined}>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="check">
              <input type="checkbox" name={event} defaultChecked={event !== 'job.canceled'} />
              {EVENT_LABELS[event]} <code>{event}</code>
            </label>
          ))}
          {errors.events && (
            <p id="endpoint-events-error" className="field-error">
              {errors.events}
            </p>
          )}
        </fieldset>
        <div className="field">
          <label htmlFor="endpoint-description">Description (optional)</label>
          <input id="endpoint-description" name="description" maxLength={200} />
        </div>
        <div className="button-row">
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
          <button type="submit" className="button primary" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </section>
  );
}
