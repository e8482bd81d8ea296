import { type RefObject, useEffect } from 'react';

/**
 * While a bar stuck to the bottom of the screen is shown, the page scrolls focused fields above it
 * (scroll-padding of the bar's height), so a field reached by keyboard is never hidden behind it.
 */
export function useBottomBarRoom(barRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = barRef.current;
    const root = document.documentElement;
    if (!bar) return;
    const previous = root.style.scrollPaddingBottom;
    const update = () => {
      root.style.scrollPaddingBottom = `${bar.offsetHeight + 8}px`;
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(bar);
    return () => {
      observer?.disconnect();
      root.style.scrollPaddingBottom = previous;
    };
  }, [barRef]);
}
