import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';

interface FieldProps {
  id: string;
  label: string;
  /** The field's error, shown under it and tied to it for screen readers (`<id>-error`). */
  error?: string | undefined;
}

/** The label, the control and its error: what every field of the dashboard's forms has. */
function Field({ id, label, error, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

const invalid = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
});

export function TextField({
  id,
  label,
  error,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field id={id} label={label} error={error}>
      <input id={id} {...input} {...invalid(id, error)} />
    </Field>
  );
}

export function TextAreaField({
  id,
  label,
  error,
  ...textarea
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field id={id} label={label} error={error}>
      <textarea id={id} {...textarea} {...invalid(id, error)} />
    </Field>
  );
}
