import { useEffect, useState } from 'react';

/**
 * The width of the scrolling container's visible part, followed as the window resizes. A callback ref: the
 * container mounts after the columns load, and again when a phone turns to landscape.
 */
export function useVisibleWidth(): [number | null, (element: HTMLElement | null) => void] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [width, setElement];
}
