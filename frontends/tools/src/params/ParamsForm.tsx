import { useId } from 'react';
import type { Field, FormValues } from './schema-fields.ts';
import { numberHint, sliderView } from './schema-fields.ts';
import type { Alternative } from './tool-forms.ts';

interface ParamsFormProps {
  fields: Field[];
  values: FormValues;
  errors: Record<string, string>;
  hidden: ReadonlySet<string>;
  alternatives: Alternative[];
  chosen: Record<string, string>;
  disabled?: boolean;
  onChange(path: string, value: string): void;
  onChoose(index: number, field: string): void;
}

/** Human words for option values the schemas use ("main-top" → "Main on top"). */
const OPTION_TEXT: Record<string, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
  center: 'Center',
  'main-top': 'Main on top',
  'main-bottom': 'Main at the bottom',
  none: 'None',
  horizontal: 'Horizontal (mirror)',
  vertical: 'Vertical (upside down)',
  contain: 'Contain',
  cover: 'Cover',
  fill: 'Fill (stretch)',
  inside: 'Inside',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  interval: 'Every few seconds',
  times: 'At chosen times',
  all: 'Every frame',
  best: 'Best',
  jpg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
  avif: 'AVIF',
  mp3: 'MP3',
  m4a: 'M4A (AAC)',
  wav: 'WAV',
  flac: 'FLAC',
  ogg: 'OGG (Vorbis)',
  opus: 'Opus',
  same: 'Same as the input',
  keep: 'Keep',
  strip: 'Strip',
  mono: 'Mono',
  stereo: 'Stereo',
  streaming: 'Streaming (−14 LUFS)',
  podcast: 'Podcast (−16 LUFS)',
  broadcast: 'Broadcast (−23 LUFS)',
  custom: 'Custom',
  sierra2_4a: 'Sierra (smooth)',
  bayer: 'Bayer (pattern)',
  floyd_steinberg: 'Floyd–Steinberg',
  white: 'White',
  transparent: 'Transparent',
};

const optionText = (value: unknown, unit?: string) =>
  OPTION_TEXT[String(value)] ??
  (unit ? `${value}${unit === 'degrees clockwise' ? '°' : ` ${unit}`}` : String(value));

/** The params form: one fitting control per schema field, its unit and bounds, its problem below it. */
export function ParamsForm(props: ParamsFormProps) {
  const { fields, alternatives, chosen, onChoose, disabled } = props;
  if (fields.length === 0) return <p className="meta">This tool has no settings: it does one thing well.</p>;
  const altFields = new Map<string, number>();
  alternatives.forEach((alt, index) => {
    for (const option of alt.options) altFields.set(option.field, index);
  });
  const shownAlternatives = new Set<number>();
  return (
    <div className="params-form">
      {fields.map((field) => {
        const altIndex = altFields.get(field.path);
        if (altIndex !== undefined) {
          if (shownAlternatives.has(altIndex)) return null;
          shownAlternatives.add(altIndex);
          const alt = alternatives[altIndex];
          const pick = chosen[altIndex] ?? alt.options[0].field;
          const picked = fields.find((f) => f.path === pick);
          return (
            <fieldset key={`alt-${altIndex}`} className="field alternative" disabled={disabled}>
              <legend>{alt.label}</legend>
              <div className="segmented" role="radiogroup" aria-label={alt.label}>
                {alt.options.map((option) => (
                  <label key={option.field} className={pick === option.field ? 'checked' : ''}>
                    <input
                      type="radio"
                      name={`alt-${altIndex}`}
                      checked={pick === option.field}
                      onChange={() => onChoose(altIndex, option.field)}
                    />
                    {option.label}
                  </label>
                ))}
              </div>
              {picked && <FieldControl {...props} field={{ ...picked, required: true }} />}
            </fieldset>
          );
        }
        if (props.hidden.has(field.path)) return null;
        if (field.fields) {
          return (
            <fieldset key={field.path} className="field group" disabled={disabled}>
              <legend>
                {field.label}
                {!field.required && <span className="optional"> (optional)</span>}
              </legend>
              {field.description && <p className="meta">{field.description}</p>}
              <div className="group-fields">
                {field.fields.map((member) => (
                  <FieldControl key={member.path} {...props} field={member} />
                ))}
              </div>
            </fieldset>
          );
        }
        return <FieldControl key={field.path} {...props} field={field} />;
      })}
    </div>
  );
}

function FieldControl({ field, values, errors, onChange, disabled }: ParamsFormProps & { field: Field }) {
  const id = useId();
  const value = values[field.path] ?? '';
  const error = errors[field.path];
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [
      field.description || field.kind === 'number' || field.kind === 'list' ? hintId : '',
      error ? errorId : '',
    ]
      .filter(Boolean)
      .join(' ') || undefined;
  const common = {
    id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  const s = field.schema;
  const hint =
    field.kind === 'number'
      ? [field.description, `${capital(numberHint(s))}${field.unit ? ` (${field.unit})` : ''}.`]
          .filter(Boolean)
          .join(' ')
      : field.kind === 'list'
        ? [field.description, 'Separate the values with commas, e.g. 1, 2.5, 10.'].filter(Boolean).join(' ')
        : field.description;
  let control: React.ReactNode;
  switch (field.kind) {
    case 'choice':
      return (
        <fieldset className="field" disabled={disabled} data-field={field.path}>
          <legend>
            {field.label}
            {!field.required && field.schema.default === undefined && (
              <span className="optional"> (optional)</span>
            )}
          </legend>
          <div className="segmented" role="radiogroup" aria-label={field.label}>
            {field.options?.map((option) => (
              <label key={String(option)} className={String(option) === value ? 'checked' : ''}>
                <input
                  type="radio"
                  name={`${id}-${field.path}`}
                  value={String(option)}
                  checked={String(option) === value}
                  onChange={() => onChange(field.path, String(option))}
                />
                {optionText(option, field.unit)}
              </label>
            ))}
          </div>
          {hint && (
            <p id={hintId} className="meta">
              {hint}
            </p>
          )}
          {error && (
            <p id={errorId} className="field-error" role="alert">
              {error}
            </p>
          )}
        </fieldset>
      );
    case 'select':
      control = (
        <select
          {...common}
          name={field.path}
          value={value}
          onChange={(e) => onChange(field.path, e.target.value)}
        >
          {!field.required && field.schema.default === undefined && <option value="">Not set</option>}
          {field.options?.map((option) => (
            <option key={String(option)} value={String(option)}>
              {optionText(option, field.unit)}
            </option>
          ))}
        </select>
      );
      break;
    case 'slider': {
      const step =
        s.type === 'integer'
          ? 1
          : s.maximum !== undefined && s.minimum !== undefined && s.maximum - s.minimum <= 10
            ? 0.05
            : 0.5;
      const view = sliderView(field, value);
      const unit = field.unit ? ` ${field.unit === '%' ? '%' : field.unit}` : '';
      control = (
        <div className={`slider${view.auto ? ' auto' : ''}`}>
          <input
            {...common}
            name={field.path}
            type="range"
            min={s.minimum}
            max={s.maximum}
            step={step}
            value={view.position}
            aria-valuetext={view.auto ? 'Auto' : undefined}
            onChange={(e) => onChange(field.path, e.target.value)}
          />
          <output htmlFor={id} className="slider-value">
            {view.text}
            {view.auto || view.text === '–' ? '' : unit}
          </output>
          {view.canReset && (
            <button
              type="button"
              className="button slider-reset"
              disabled={disabled}
              aria-label={`Set ${field.label} back to Auto`}
              onClick={() => onChange(field.path, '')}
            >
              Auto
            </button>
          )}
        </div>
      );
      break;
    }
    case 'toggle':
      control = (
        <input
          {...common}
          type="checkbox"
          checked={value === 'true'}
          onChange={(e) => onChange(field.path, String(e.target.checked))}
        />
      );
      break;
    case 'number':
      control = (
        <div className="with-unit">
          <input
            {...common}
            name={field.path}
            type="number"
            inputMode="decimal"
            min={s.minimum ?? s.exclusiveMinimum}
            max={s.maximum ?? s.exclusiveMaximum}
            step={s.multipleOf ?? (s.type === 'integer' ? 1 : 'any')}
            value={value}
            placeholder={field.required ? '' : s.default === undefined ? 'optional' : String(s.default)}
            onChange={(e) => onChange(field.path, e.target.value)}
          />
          {field.unit && <span className="unit">{field.unit}</span>}
        </div>
      );
      break;
    default:
      control = (
        <input
          {...common}
          name={field.path}
          type="text"
          inputMode={field.kind === 'list' ? 'decimal' : undefined}
          maxLength={s.maxLength}
          placeholder={
            field.kind === 'list'
              ? 'e.g. 1, 2.5, 10'
              : s.examples?.[0] !== undefined
                ? `e.g. ${s.examples[0]}`
                : ''
          }
          value={value}
          onChange={(e) => onChange(field.path, e.target.value)}
        />
      );
  }
  return (
    <div className="field" data-field={field.path}>
      <label htmlFor={id}>
        {field.label}
        {field.unit && field.kind !== 'number' && field.kind !== 'slider' && (
          <span className="meta"> ({field.unit})</span>
        )}
        {!field.required && s.default === undefined && <span className="optional"> (optional)</span>}
      </label>
      {control}
      {hint && (
        <p id={hintId} className="meta">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
