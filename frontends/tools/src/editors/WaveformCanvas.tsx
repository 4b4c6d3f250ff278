import { type RefObject, useEffect, useRef, useState } from 'react';
import { barOf, type Peaks } from './waveform-peaks.ts';

/** The canvas's width in device pixels (its CSS width × the pixel ratio), followed as it resizes. */
export function useCanvasColumns() {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [columns, setColumns] = useState(0);
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const measure = () =>
      setColumns(Math.round(element.getBoundingClientRect().width * (window.devicePixelRatio || 1)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { canvas, columns };
}

/** Draws one bar per pixel column, from each column's lowest to its highest sample. */
export function WaveformCanvas({
  canvas,
  peaks,
}: {
  canvas: RefObject<HTMLCanvasElement | null>;
  peaks?: Peaks;
}) {
  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    const height = Math.round(element.getBoundingClientRect().height * (window.devicePixelRatio || 1));
    element.width = peaks?.max.length ?? 0;
    element.height = height;
    if (!peaks) return;
    context.fillStyle = getComputedStyle(element).color;
    for (let column = 0; column < peaks.max.length; column++) {
      const { y, h } = barOf(peaks, column, height);
      context.fillRect(column, y, 1, h);
    }
  }, [canvas, peaks]);
  return <canvas ref={canvas} className="waveform-canvas" role="img" aria-label="Waveform of the sound" />;
}
