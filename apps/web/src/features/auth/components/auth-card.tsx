import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The frame of every account screen: a centred card whose heading takes focus when it opens, so
 * keyboard and screen-reader users start at the new content after each step.
 */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
        >
          {title}
        </h1>
        {intro ? <p className="mt-2 text-slate-700">{intro}</p> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
