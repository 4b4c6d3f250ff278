import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { Billing } from '../api/types.ts';

/**
 * Billing details (name, address, country, optional VAT id). Field errors come from the API's
 * `details` (billing.name → name), so the server's rules and sentences are the only ones.
 */
export function BillingForm(props: {
  initial?: Billing;
  submitLabel: string;
  busy: boolean;
  errors: Record<string, string>;
  formError?: string;
  onSubmit: (billing: Billing) => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<Billing>({
    name: props.initial?.name ?? '',
    address: props.initial?.address ?? '',
    country: props.initial?.country ?? '',
    vatId: props.initial?.vatId ?? '',
  });
  const set = (field: keyof Billing) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const vatId = values.vatId?.trim();
    props.onSubmit({
      name: values.name,
      address: values.address,
      country: values.country.trim(),
      ...(vatId ? { vatId } : {}),
    });
  };
  const field = (
    name: keyof Billing,
    label: string,
    input: (attrs: Record<string, unknown>) => ReactNode,
    hint?: string,
  ) => {
    const error = props.errors[name];
    const fieldId = `${id}-${name}`;
    const describedBy = [hint ? `${fieldId}-hint` : '', error ? `${fieldId}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="field">
        <label htmlFor={fieldId}>{label}</label>
        {input({
          id: fieldId,
          value: values[name] ?? '',
          onChange: set(name),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
        })}
        {hint && (
          <p id={`${fieldId}-hint`} className="hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${fieldId}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      {props.formError && (
        <p className="field-error" role="alert">
          {props.formError}
        </p>
      )}
      {field('name', 'Name or company', (a) => (
        <input {...a} autoComplete="organization" required maxLength={200} />
      ))}
      {field('address', 'Address', (a) => (
        <textarea {...a} rows={3} autoComplete="street-address" required maxLength={500} />
      ))}
      {field(
        'country',
        'Country',
        (a) => (
          <input {...a} autoComplete="country" required maxLength={2} className="short" />
        ),
        'Two-letter code, e.g. DE, US or IN.',
      )}
      {field('vatId', 'VAT id (optional)', (a) => (
        <input {...a} maxLength={64} />
      ))}
      <div className="button-row">
        {props.onCancel && (
          <button type="button" className="button" onClick={props.onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="button primary" disabled={props.busy}>
          {props.busy ? 'Saving…' : props.submitLabel}
        </button>
      </div>
    </form>
  );
}
