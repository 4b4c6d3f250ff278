import { isApiRequestError } from '@mediakit/web-api/errors';
import { useMutation, useQuery, useQueryClient } from '@mediakit/web-shared/query';
import type { RemotePageProps, ShellHost } from '@mediakit/web-ui/contract';
import { Skeleton } from '@mediakit/web-ui/Skeleton';
import { type FormEvent, useState } from 'react';
import { keys } from '../api/cache-tags.ts';
import type { Page, Ticket, TicketMessage, TicketSummary } from '../api/types.ts';
import { useFormMutation } from '../components/form-mutation.ts';
import { useSearchParam } from '../components/hooks.ts';
import { EmptyState, LoadError } from '../components/PageStates.tsx';
import { TextAreaField, TextField } from '../components/TextField.tsx';
import { formatDateTime } from '../lib/time.ts';

/** `/dashboard/contact-us`: the user's tickets, a new one, and a ticket's thread (`?ticket=<id>`). */
export function SupportPage({ host }: RemotePageProps) {
  const [ticketId, setTicketId] = useSearchParam('ticket');
  return ticketId ? (
    <TicketThread host={host} id={ticketId} onBack={() => setTicketId('', { push: true })} />
  ) : (
    <TicketList host={host} onOpen={(id) => setTicketId(id, { push: true })} />
  );
}

function TicketList({ host, onOpen }: { host: ShellHost; onOpen: (id: string) => void }) {
  const { api } = host;
  const queryClient = useQueryClient();
  const staff = host.session.user?.roles?.includes('admin') ?? false;
  const [status, setStatus] = useSearchParam('status');
  const [allParam, setAll] = useSearchParam('all');
  const all = staff && allParam === '1';
  const filter = status === 'open' || status === 'closed' ? status : '';
  const tickets = useQuery({
    queryKey: keys.tickets(filter, all),
    queryFn: () =>
      api.get<Page<TicketSummary>>('/tickets', {
        query: { status: filter || undefined, all: all || undefined, limit: 100 },
      }),
    staleTime: 0,
  });

  const [showForm, setShowForm] = useState(false);
  const {
    mutation: create,
    errors,
    setErrors,
  } = useFormMutation(
    host,
    (body: { subject: string; message: string }) => api.post<Ticket>('/tickets', body),
    (ticket) => {
      host.notify.success('Your ticket was sent. We answer by email and here.');
      queryClient.setQueryData(keys.ticket(ticket.id), ticket);
      void queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
      setShowForm(false);
      onOpen(ticket.id);
    },
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const subject = String(data.get('subject') ?? '').trim();
    const message = String(data.get('message') ?? '').trim();
    const missing: Record<string, string> = {};
    if (!subject) missing.subject = 'Please write a subject.';
    if (!message) missing.message = 'Please write your message.';
    setErrors(missing);
    if (Object.keys(missing).length === 0) create.mutate({ subject, message });
  };

  return (
    <>
      <h1>Support tickets</h1>
      <p className="lead">
        Ask us anything about your files, jobs or plan. Replies arrive here and by email.
      </p>
      {showForm ? (
        <section className="panel" aria-labelledby="new-ticket">
          <h2 id="new-ticket">New ticket</h2>
          <form className="form" onSubmit={submit} noValidate>
            <TextField
              id="ticket-subject"
              label="Subject"
              name="subject"
              maxLength={200}
              error={errors.subject}
            />
            <TextAreaField
              id="ticket-message"
              label="Message"
              name="message"
              rows={6}
              maxLength={20_000}
              error={errors.message}
            />
            <div className="button-row">
              <button type="button" className="button" onClick={() => setShowForm(false)}>
                Cancel
              </button>
              <button type="submit" className="button primary" disabled={create.isPending}>
                {create.isPending ? 'Sending…' : 'Send ticket'}
              </button>
            </div>
          </form>
        </section>
      ) : (
        <p>
          <button type="button" className="button primary" onClick={() => setShowForm(true)}>
            New ticket
          </button>
        </p>
      )}

      <div className="toolbar">
        <label htmlFor="ticket-filter">Show</label>
        <select id="ticket-filter" value={filter} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All tickets</option>
          <option value="open">Open</option>
          <option value="closed">Closed</option>
        </select>
        {staff && (
          <label className="check">
            <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked ? '1' : '')} />
            Everyone's (staff)
          </label>
        )}
      </div>
      {tickets.isError && !tickets.data ? (
        <LoadError what="Your tickets" error={tickets.error} onRetry={() => void tickets.refetch()} />
      ) : !tickets.data ? (
        <Skeleton label="Loading your tickets" lines={4} />
      ) : tickets.data.items.length === 0 ? (
        <EmptyState title={filter ? `No ${filter} tickets.` : 'No tickets yet.'}>
          <p>When something is not right, open a ticket: a person reads every one.</p>
        </EmptyState>
      ) : (
        <ul className="row-list" aria-label="Tickets">
          {tickets.data.items.map((t) => (
            <li key={t.id} className="row">
              <span className="row-main">
                <button type="button" className="link-button" onClick={() => onOpen(t.id)}>
                  {t.subject || '(no subject)'}
                </button>
                <span className="meta">
                  {' '}
                  · {t.messageCount} message{t.messageCount === 1 ? '' : 's'} · last{' '}
                  {formatDateTime(t.lastMessageAt)}
                  {all ? ` · ${t.email}` : ''}
                </span>
              </span>
              <span className={`status status-${t.status === 'open' ? 'running' : 'canceled'}`}>
                {t.status === 'open' ? 'Open' : 'Closed'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function TicketThread({ host, id, onBack }: { host: ShellHost; id: string; onBack: () => void }) {
  const { api } = host;
  const queryClient = useQueryClient();
  const ticket = useQuery({
    queryKey: keys.ticket(id),
    queryFn: () => api.get<Ticket>(`/tickets/${encodeURIComponent(id)}`),
    staleTime: 0,
    meta: { silent: true },
  });
  const refreshLists = () => queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
  const [reply, setReply] = useState('');
  const send = useMutation({
    mutationFn: (message: string) =>
      api.post<TicketMessage>(`/tickets/${encodeURIComponent(id)}/messages`, { message }),
    onSuccess: (message) => {
      setReply('');
      queryClient.setQueryData(keys.ticket(id), (old: Ticket | undefined) =>
        old ? { ...old, messages: [...old.messages, message], messageCount: old.messageCount + 1 } : old,
      );
      void queryClient.invalidateQueries({ queryKey: keys.ticket(id) });
      void refreshLists();
    },
  });
  const setStatus = useMutation({
    mutationFn: (status: 'open' | 'closed') =>
      api.patch<Ticket>(`/tickets/${encodeURIComponent(id)}`, { status }),
    onSuccess: (updated) => {
      queryClient.setQueryData(keys.ticket(id), updated);
      host.notify.success(updated.status === 'closed' ? 'Ticket closed.' : 'Ticket reopened.');
      void refreshLists();
    },
  });

  const back = (
    <p>
      <button type="button" className="link-button" onClick={onBack}>
        ← All tickets
      </button>
    </p>
  );
  if (isApiRequestError(ticket.error) && ticket.error.status === 404) {
    return (
      <>
        {back}
        <h1>Ticket not found</h1>
        <p>This ticket does not exist, or it is not yours.</p>
      </>
    );
  }
  if (ticket.isError && !ticket.data) {
    return (
      <>
        {back}
        <LoadError what="This ticket" error={ticket.error} onRetry={() => void ticket.refetch()} />
      </>
    );
  }
  if (!ticket.data) {
    return (
      <>
        {back}
        <Skeleton label="Loading the ticket" lines={6} />
      </>
    );
  }
  const t = ticket.data;
  const closed = t.status === 'closed';
  return (
    <>
      {back}
      <div className="thread-head">
        <h1>{t.subject || '(no subject)'}</h1>
        <span className={`status status-${closed ? 'canceled' : 'running'}`}>
          {closed ? 'Closed' : 'Open'}
        </span>
      </div>
      <p className="meta">Opened {formatDateTime(t.createdAt)}</p>
      <ol className="thread" aria-label="Messages">
        {t.messages.map((m) => (
          <li key={m.id} className={`message message-${m.author}`}>
            <p className="message-meta">
              <strong>
                {m.author === 'staff'
                  ? `${m.authorName || 'Mediakit support'} (support)`
                  : m.authorName || 'You'}
              </strong>
              <span className="meta"> · {formatDateTime(m.createdAt)}</span>
            </p>
            <p className="message-text">{m.message}</p>
          </li>
        ))}
      </ol>
      {closed ? (
        <div className="notice">
          <p>This ticket is closed. Reopen it to write again.</p>
          <button
            type="button"
            className="button"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate('open')}
          >
            Reopen ticket
          </button>
        </div>
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            if (reply.trim()) send.mutate(reply.trim());
          }}
        >
          <div className="field">
            <label htmlFor="ticket-reply">Your reply</label>
            <textarea
              id="ticket-reply"
              rows={4}
              maxLength={20_000}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
            />
          </div>
          <div className="button-row">
            <button type="submit" className="button primary" disabled={send.isPending || !reply.trim()}>
              {send.isPending ? 'Sending…' : 'Send reply'}
            </button>
            <button
              type="button"
              className="button"
              disabled={setStatus.isPending}
              onClick={() => setStatus.mutate('closed')}
            >
              Close ticket
            </button>
          </div>
        </form>
      )}
    </>
  );
}
