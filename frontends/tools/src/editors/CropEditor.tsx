import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import {
  type Box,
  type CropRules,
  centered,
  grow,
  type Handle,
  move,
  normalize,
  resize,
} from './crop-geometry.ts';
import { Stage } from './Stage.tsx';
import type { EditorProps } from './types.ts';
import { useInputPreview } from './use-local-preview.ts';

export interface CropEditorOptions {
  /** Prefix of the four fields in the form: '' for crop-image/crop-video, 'crop.' for the PAN photo. */
  prefix: string;
  rules: CropRules;
  /** Said above the box, e.g. "The ratio is locked to 25:35, as the PAN card form requires." */
  note?: string;
}

const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se'];
const HANDLE_NAMES: Record<Handle, string> = {
  nw: 'top left',
  ne: 'top right',
  sw: 'bottom left',
  se: 'bottom right',
};

/**
 * A draggable, resizable crop box over the picture (or a video's first frame): drag inside to
 * move, drag a corner to resize, with the ratio locked where the tool needs one. The keyboard
 * does the same: focus the box and use the arrow keys to move, + and − to resize, or focus a
 * corner and use the arrows. The box writes x, y, width and height into the form.
 */
export function CropEditor({
  host,
  tool,
  items,
  values,
  setValues,
  disabled,
  prefix,
  rules,
  note,
}: EditorProps & CropEditorOptions) {
  {
    const item = items[0];
    const src = useInputPreview(host, item);
    const drag = useRef<{ handle: Handle | 'move'; x: number; y: number; box: Box } | undefined>(undefined);
    const file = item?.file;
    if (!file?.width || !file.height) {
      return item ? <p className="meta editor">The crop box appears when the upload is done.</p> : null;
    }
    const frame = { width: file.width, height: file.height };
    const read = (key: string) => Number(values[`${prefix}${key}`]);
    const typed = { x: read('x'), y: read('y'), width: read('width'), height: read('height') };
    const complete = ['x', 'y', 'width', 'height'].every(
      (k) => values[`${prefix}${k}`] !== '' && values[`${prefix}${k}`] !== undefined,
    );
    const box =
      complete && Object.values(typed).every(Number.isFinite)
        ? normalize(typed, frame, rules)
        : centered(frame, rules, rules.ratio ? 1 : 0.5);
    const write = (next: Box) =>
      setValues({
        [`${prefix}x`]: String(next.x),
        [`${prefix}y`]: String(next.y),
        [`${prefix}width`]: String(next.width),
        [`${prefix}height`]: String(next.height),
      });
    const step = Math.max(1, Math.round(frame.width / 100));

    const start = (handle: Handle | 'move') => (event: PointerEvent<HTMLElement>) => {
      if (disabled) return;
      event.stopPropagation();
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { handle, x: event.clientX, y: event.clientY, box };
    };
    const moveWith = (scale: number) => (event: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || !event.currentTarget.hasPointerCapture(event.pointerId)) return;
      const dx = (event.clientX - d.x) / scale;
      const dy = (event.clientY - d.y) / scale;
      write(d.handle === 'move' ? move(d.box, dx, dy, frame) : resize(d.box, d.handle, dx, dy, frame, rules));
    };
    const end = () => {
      drag.current = undefined;
    };
    const arrows = (event: KeyboardEvent) => {
      const by = event.shiftKey ? step * 10 : step;
      switch (event.key) {
        case 'ArrowLeft':
          return [-by, 0];
        case 'ArrowRight':
          return [by, 0];
        case 'ArrowUp':
          return [0, -by];
        case 'ArrowDown':
          return [0, by];
        default:
          return undefined;
      }
    };
    const onBoxKey = (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.target !== event.currentTarget) return;
      const delta = arrows(event);
      if (delta) {
        event.preventDefault();
        write(move(box, delta[0], delta[1], frame));
      } else if (event.key === '+' || event.key === '=' || event.key === '-' || event.key === '−') {
        event.preventDefault();
        write(grow(box, (event.key === '-' || event.key === '−' ? -2 : 2) * step, frame, rules));
      }
    };
    const onHandleKey = (handle: Handle) => (event: KeyboardEvent<HTMLButtonElement>) => {
      const delta = arrows(event);
      if (!delta) return;
      event.preventDefault();
      event.stopPropagation();
      write(resize(box, handle, delta[0], delta[1], frame, rules));
    };

    return (
      <div className="editor crop-editor">
        {note && <p className="notice">{note}</p>}
        <Stage src={src} media={tool.media === 'video' ? 'video' : 'image'} frame={frame}>
          {(scale) => (
            <>
              <div className="crop-shade" style={{ clipPath: shadeAround(box, frame) }} />
              {/* biome-ignore lint/a11y/useSemanticElements: a movable, resizable box has no native element */}
              <div
                className="crop-box"
                role="group"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how the keyboard moves the box
                tabIndex={0}
                aria-label={`Crop box: ${box.width} × ${box.height} pixels at ${box.x}, ${box.y}. Arrow keys move it, + and − resize it.`}
                style={{
                  left: box.x * scale,
                  top: box.y * scale,
                  width: box.width * scale,
                  height: box.height * scale,
                }}
                onPointerDown={start('move')}
                onPointerMove={moveWith(scale)}
                onPointerUp={end}
                onPointerCancel={end}
                onKeyDown={onBoxKey}
              >
                {HANDLES.map((handle) => (
                  <button
                    key={handle}
                    type="button"
                    className={`crop-handle ${handle}`}
                    aria-label={`Resize from the ${HANDLE_NAMES[handle]} corner (arrow keys)`}
                    disabled={disabled}
                    onPointerDown={start(handle)}
                    onPointerMove={moveWith(scale)}
                    onPointerUp={end}
                    onPointerCancel={end}
                    onKeyDown={onHandleKey(handle)}
                  />
                ))}
              </div>
            </>
          )}
        </Stage>
        <div className="editor-buttons">
          <span className="meta crop-size" aria-live="polite">
            Keeps {box.width} × {box.height} px from {box.x}, {box.y}
          </span>
          <button
            type="button"
            className="button"
            disabled={disabled}
            onClick={() => write(centered(frame, rules, rules.ratio ? 1 : 0.8))}
          >
            Center the box
          </button>
        </div>
      </div>
    );
  }
}

/** The dimmed area around the box: the whole picture with the box cut out (even-odd fill). */
function shadeAround(box: Box, frame: { width: number; height: number }): string {
  const pct = (n: number, of: number) => `${(n / of) * 100}%`;
  const [x1, y1] = [pct(box.x, frame.width), pct(box.y, frame.height)];
  const [x2, y2] = [pct(box.x + box.width, frame.width), pct(box.y + box.height, frame.height)];
  return `polygon(evenodd, 0 0, 100% 0, 100% 100%, 0 100%, 0 0, ${x1} ${y1}, ${x2} ${y1}, ${x2} ${y2}, ${x1} ${y2}, ${x1} ${y1})`;
}
