import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { Stage } from './Stage.tsx';
import type { EditorProps } from './types.ts';
import { useInputPreview } from './use-local-preview.ts';

const CELLS: (string | null)[] = [
  'top-left',
  null,
  'top-right',
  null,
  'center',
  null,
  'bottom-left',
  null,
  'bottom-right',
];
const CELL_TEXT: Record<string, string> = {
  'top-left': 'Top left',
  'top-right': 'Top right',
  center: 'Center',
  'bottom-left': 'Bottom left',
  'bottom-right': 'Bottom right',
};

/** add-logo-or-watermark-to-video: tap where the logo goes, on the video itself. */
export function LogoPositionEditor({ host, items, values, setValues, disabled }: EditorProps) {
  const base = items.find((item) => item.slot === 0);
  const src = useInputPreview(host, base);
  const file = base?.file;
  if (!file?.width || !file.height) return null;
  const current = values.position || 'bottom-right';
  return (
    <div className="editor position-editor">
      <p className="meta">Where the logo goes: tap a spot on the video.</p>
      <Stage src={src} media="video" frame={{ width: file.width, height: file.height }}>
        {() => (
          <fieldset className="position-grid">
            <legend className="visually-hidden">Logo position</legend>
            {CELLS.map((cell, index) =>
              cell ? (
                <button
                  key={cell}
                  type="button"
                  aria-pressed={cell === current}
                  disabled={disabled}
                  onClick={() => setValues({ position: cell })}
                >
                  {CELL_TEXT[cell]}
                </button>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed empty cells of the 3×3 grid
                <span key={index} />
              ),
            )}
          </fieldset>
        )}
      </Stage>
    </div>
  );
}

/**
 * Overlays (image or video on a video, image on an image): the base with the overlay's box on it.
 * Tap or drag to place it; focus the box and use the arrow keys to nudge it. Writes x and y.
 */
export function OverlayPositionEditor({ host, tool, items, values, setValues, disabled }: EditorProps) {
  const base = items.find((item) => item.slot === 0);
  const overlay = items.find((item) => item.slot === 1);
  const src = useInputPreview(host, base);
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | undefined>(undefined);
  const file = base?.file;
  if (!file?.width || !file.height) return null;
  const frame = { width: file.width, height: file.height };
  const o = overlay?.file;
  const width = Number(values.width) || o?.width || Math.round(frame.width / 4);
  const height = o?.width && o.height ? Math.round((width * o.height) / o.width) : Math.round(width * 0.5625);
  const clampX = (n: number) => Math.round(Math.min(frame.width - 1, Math.max(0, n)));
  const clampY = (n: number) => Math.round(Math.min(frame.height - 1, Math.max(0, n)));
  const x = clampX(Number(values.x) || 0);
  const y = clampY(Number(values.y) || 0);
  const place = (nx: number, ny: number) => setValues({ x: String(clampX(nx)), y: String(clampY(ny)) });
  const step = Math.max(1, Math.round(frame.width / 100));
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const by = event.shiftKey ? step * 10 : step;
    const delta =
      event.key === 'ArrowLeft'
        ? [-by, 0]
        : event.key === 'ArrowRight'
          ? [by, 0]
          : event.key === 'ArrowUp'
            ? [0, -by]
            : event.key === 'ArrowDown'
              ? [0, by]
              : undefined;
    if (!delta) return;
    event.preventDefault();
    place(x + delta[0], y + delta[1]);
  };
  const what = tool.name === 'overlay-video-on-video' ? 'overlay video' : 'image';
  return (
    <div className="editor position-editor">
      <p className="meta">
        Where the {what} goes: tap a spot or drag the box; arrow keys nudge it.
        {!o && ' Its real size shows once it is uploaded.'}
      </p>
      <Stage src={src} media={tool.media === 'video' ? 'video' : 'image'} frame={frame}>
        {(scale) => (
          <div
            className="position-grid"
            style={{ display: 'block' }}
            onPointerDown={(event) => {
              if (disabled || event.target !== event.currentTarget) return;
              const rect = event.currentTarget.getBoundingClientRect();
              place((event.clientX - rect.left) / scale, (event.clientY - rect.top) / scale);
            }}
          >
            {/* biome-ignore lint/a11y/useSemanticElements: a movable box has no native element */}
            <div
              className="overlay-marker"
              role="group"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how the keyboard moves the box
              tabIndex={0}
              aria-label={`The ${what}'s place: ${x}, ${y} pixels from the top left. Arrow keys move it.`}
              style={{ left: x * scale, top: y * scale, width: width * scale, height: height * scale }}
              onKeyDown={onKey}
              onPointerDown={(event: PointerEvent<HTMLDivElement>) => {
                if (disabled) return;
                event.currentTarget.setPointerCapture(event.pointerId);
                drag.current = { x: event.clientX, y: event.clientY, startX: x, startY: y };
              }}
              onPointerMove={(event: PointerEvent<HTMLDivElement>) => {
                const d = drag.current;
                if (!d || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
                place(d.startX + (event.clientX - d.x) / scale, d.startY + (event.clientY - d.y) / scale);
              }}
              onPointerUp={() => {
                drag.current = undefined;
              }}
            />
          </div>
        )}
      </Stage>
    </div>
  );
}
