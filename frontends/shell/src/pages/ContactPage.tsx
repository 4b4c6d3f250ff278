import { isApiRequestError } from '@mediakit/web-api/errors';
import { useMutation } from '@mediakit/web-shared/query';
import { type FormEvent, useState } from 'react';
import { useShell } from '../shell-context.tsx';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

/** `details: [{ field, message }]` of a 400 answer, by field. */
function fieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!isApiRequestError(error) || error.status !== 400 || !error.details) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const detail of error.details as { field?: string; message?: string }[]) {
    const field = detail.field?.replace(/^\/?(body\.)?/, '') as Field | undefined;
    if (field && field in EMPTY && detail.message && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

export function ContactPage() {
  const { api, notify, showError } = useShell();
  const [values, setValues] = useState<Values>(EMPTY);
  const send = useMutation({
    mutationFn: (body: Values) => api.post('/contact', body),
    meta: { silent: true },
    onSuccess: () => {
      setValues(EMPTY);
      notify.success('Thank you! Your message was sent.');
    },
    onError: (error) => {
      if (Object.keys(fieldErrors(error)).length === 0) showError(error);
    },
  });
  const errors = fieldErrors(send.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(values);
  };
  const field = (name: Field, label: string, input: 'input' | 'textarea', type = 'text', required = true) => {
    const id = `contact-${name}`;
    const error = errors[name];
    const props = {
      id,
      name,
      value: values[name],
      required,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    };
    return (
      <div className="field">
        <label htmlFor={id}>
          {label}
          {!required && <span className="optional"> (optional)</span>}
        </label>
        {input === 'textarea' ? <textarea rows={6} {...props} /> : <input type={type} {...props} />}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <>
      <h1>Contact us</h1>
      <p className="lead">Questions, bugs or ideas: write to us and we answer by email.</p>
      {send.isSuccess && (
        <p className="notice success" role="status">
          Your message was sent. We have emailed you a confirmation.
        </p>
      )}
      <form className="form" onSubmit={submit} noValidate={false}>
        {field('name', 'Your name', 'input', 'text')}
        {field('email', 'Email', 'input', 'email')}
        {field('subject', 'Subject', 'input', 'text', false)}
        {field('message', 'Message', 'textarea')}
        <button type="submit" className="button primary" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </form>
    </>
  );
}
