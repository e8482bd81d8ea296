import { type ReactNode, useId } from 'react';
import { cardClass } from './ui';

interface CardProps {
  /** With a title the card is a section named by its heading. */
  title?: ReactNode;
  /** The heading's id (generated when not given). */
  id?: string;
  headingLevel?: 2 | 3;
  className?: string;
  children: ReactNode;
}

/** A white panel with the shared card style; titled, it is a section with a heading (h2 by default). */
export function Card({ title, id, headingLevel = 2, className = '', children }: CardProps) {
  const generatedId = useId();
  const classes = `${cardClass} ${className}`.trim();
  if (title === undefined) return <div className={classes}>{children}</div>;
  const headingId = id ?? generatedId;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <section aria-labelledby={headingId} className={classes}>
      <Heading id={headingId} className="text-lg font-bold text-slate-900">
        {title}
      </Heading>
      <div className="mt-2">{children}</div>
    </section>
  );
}
