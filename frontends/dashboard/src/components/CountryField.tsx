import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { type Country, matchCountries } from '../lib/countries.ts';

/**
 * The billing country: a text box that suggests countries by name as the user types (ARIA 1.2
 * combobox with a listbox). Chosen over `<input list>`: a datalist matches differently in every
 * browser, cannot show the code beside the name, and its popup is out of reach of tests. The list
 * lies over what follows the box, so closing it (the box losing focus to a press on the form's
 * button) moves nothing under the pointer; in a dialog it extends what the dialog scrolls, so a
 * phone never cuts it off. Each option is a 44 px touch target. Keys: ↓/↑ move through the
 * suggestions, Enter picks, Escape closes the list (not the dialog). What the box holds is text;
 * the form turns a country's name into its code when it is sent (countryCode).
 */
export function CountryField(props: {
  id: string;
  value: string;
  countries: readonly Country[];
  onChange: (text: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const matches = useMemo(() => matchCountries(props.countries, props.value), [props.countries, props.value]);
  const shown = open && matches.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    if (shown && active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const pick = (country: Country) => {
    props.onChange(country.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!shown) {
        setOpen(true);
        setActive(0);
      } else {
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => Math.min(Math.max(i + step, 0), matches.length - 1));
      }
    } else if (event.key === 'Enter' && shown && active >= 0) {
      // Picks the suggestion instead of sending the form.
      event.preventDefault();
      pick(matches[active]);
    } else if (event.key === 'Escape' && shown) {
      // Closes the list only; a second Escape reaches the dialog.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="combobox">
      <input
        id={props.id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        autoComplete="country-name"
        autoCapitalize="words"
        spellCheck={false}
        required
        maxLength={80}
        value={props.value}
        onChange={(event) => {
          props.onChange(event.target.value);
          setOpen(true);
          // The best match is ready for Enter, as a search box does.
          setActive(event.target.value.trim() ? 0 : -1);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <div id={listId} role="listbox" aria-label="Countries" className="combobox-list" hidden={!shown}>
        {shown &&
          matches.map((country, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the text box (aria-activedescendant)
            <div
              key={country.code}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              // Keeps the focus (and a phone's keyboard) in the text box while an option is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(country)}
            >
              <span>{country.name}</span>
              <span className="combobox-code">{country.code}</span>
            </div>
          ))}
      </div>
    </div>
  );
}
