import { type ReactNode, useEffect, useRef } from 'react';

interface ScreenHeadingProps {
  children: ReactNode;
  /** 1 where the screen has no other h1 (the portal); 2 below a wizard's title (the default). */
  level?: 1 | 2;
}

/**
 * The screen's heading. It takes focus when the screen opens, so keyboard and screen-reader users
 * start at the new content after each step.
 */
export function ScreenHeading({ children, level = 2 }: ScreenHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Heading
      ref={ref}
      tabIndex={-1}
      className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none sm:text-3xl"
    >
      {children}
    </Heading>
  );
}
