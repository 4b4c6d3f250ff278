import { type DragEvent, useId, useState } from 'react';
import { acceptAttribute, listFormats } from './accept.ts';

interface DropZoneProps {
  label: string;
  accept: readonly string[];
  multiple: boolean;
  disabled?: boolean;
  /** e.g. "up to 50 files" */
  countHint: string;
  onFiles(files: File[]): void;
}

/**
 * Drop files here or pick them with the device's own file picker (on a phone, the native sheet
 * with camera roll and files). The whole area is the picker's label, so there is nothing that
 * needs hovering, and it is one large touch target.
 */
export function DropZone({ label, accept, multiple, disabled, countHint, onFiles }: DropZoneProps) {
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for a mouse; the file input inside is the way for keyboards and touch
    <div
      className={`dropzone${over ? ' over' : ''}${disabled ? ' disabled' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={id} className="dropzone-label">
        <span className="dropzone-title">{label}</span>
        <span className="button primary dropzone-button">{multiple ? 'Choose files' : 'Choose a file'}</span>
        <span className="meta">
          or drop {multiple ? 'them' : 'it'} here · {listFormats(accept)} · {countHint}
        </span>
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={acceptAttribute(accept)}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          // The same file may be picked again after removing it.
          event.target.value = '';
        }}
      />
    </div>
  );
}
