import { useNavigate } from '@mediakit/web-shared/router';
import { type FormEvent, useId } from 'react';

/**
 * A GET search form that navigates inside the app (`<action>?q=…`), and still works as a plain
 * form before the JavaScript has loaded.
 */
export function SearchForm(props: {
  action: string;
  label: string;
  placeholder: string;
  defaultValue?: string;
  button?: 'primary' | 'plain';
}) {
  const navigate = useNavigate();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `${props.action}?q=${encodeURIComponent(q)}` : props.action);
  };
  return (
    <search>
      <form action={props.action} method="get" className="search" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {props.label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          placeholder={props.placeholder}
          defaultValue={props.defaultValue}
          key={props.defaultValue}
        />
        <button type="submit" className={`button${props.button === 'primary' ? ' primary' : ''}`}>
          Search
        </button>
      </form>
    </search>
  );
}
