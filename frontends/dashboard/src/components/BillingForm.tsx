import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import type { Billing } from '../api/types.ts';
import { countryCode, countryList, countryName } from '../lib/countries.ts';
import { CountryField } from './CountryField.tsx';

/** What each field's control gets: its id, value, change handler and error wiring. */
interface FieldAttrs {
  id: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * Billing details (name, address, country, optional VAT id). Field errors come from the API's
 * `details` (billing.name → name), so the server's rules and sentences are the only ones. The
 * country is chosen by name and sent as its code; text that names no country is sent as typed, for
 * the server to refuse with its sentence on the field.
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
  const countries = useMemo(() => countryList(navigator.languages), []);
  // `country` holds the text of the box (a name); the code is worked out when the form is sent.
  const [values, setValues] = useState<Billing>({
    name: props.initial?.name ?? '',
    address: props.initial?.address ?? '',
    country: countryName(countries, props.initial?.country),
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
      country: countryCode(countries, values.country) ?? values.country.trim(),
      ...(vatId ? { vatId } : {}),
    });
  };
  const field = (
    name: keyof Billing,
    label: string,
    input: (attrs: FieldAttrs) => ReactNode,
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
          <CountryField
            id={a.id}
            value={a.value}
            countries={countries}
            onChange={(text) => setValues((v) => ({ ...v, country: text }))}
            invalid={a['aria-invalid']}
            describedBy={a['aria-describedby']}
          />
        ),
        'Type its name, then pick it from the list.',
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
