import { type FormEvent, useId, useState } from 'react';
import { normaliseLink } from './link.ts';

interface LinkImportProps {
  disabled?: boolean;
  /** The link, normalised; the file joins the inputs like an upload (useUploads.addLink). */
  onLink(link: string): void;
}

/**
 * "Paste a link": the server fetches the file (POST /files/import), so a file already online need
 * not pass through this device. A form, so Enter submits; the button waits for something to fetch.
 */
export function LinkImport({ disabled, onLink }: LinkImportProps) {
  const id = useId();
  const [text, setText] = useState('');
  const link = normaliseLink(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!link || disabled) return;
    onLink(link);
    setText('');
  };
  return (
    // noValidate: the field's type="url" would make the browser refuse "example.com/a.jpg" on Enter,
    // which normaliseLink accepts.
    <form className="link-import" onSubmit={submit} noValidate>
      <label htmlFor={id} className="link-import-label">
        Or paste a link
      </label>
      <div className="link-import-row">
        <input
          id={id}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/file"
          value={text}
          disabled={disabled}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button" disabled={disabled || !link}>
          Add from link
        </button>
      </div>
    </form>
  );
}
