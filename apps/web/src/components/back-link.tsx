import { Link } from 'react-router';
import { linkButton } from './ui';

/** "← Back to …": a link to the screen one level up (the arrow is hidden from screen readers). */
export function BackLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={linkButton}>
      <span aria-hidden="true">← </span>
      {children}
    </Link>
  );
}
