import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The screen's heading. It takes focus when the screen opens, so keyboard and screen-reader users
 * start at the new content after each step.
 */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
    >
      {children}
    </h2>
  );
}
