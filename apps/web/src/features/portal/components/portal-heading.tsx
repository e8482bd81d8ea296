import { type ReactNode, useEffect, useRef } from 'react';

/** A portal screen's heading; it takes focus when the screen opens. */
export function PortalHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1
      ref={ref}
      tabIndex={-1}
      className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
    >
      {children}
    </h1>
  );
}
