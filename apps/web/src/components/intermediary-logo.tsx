import { useState } from 'react';

interface IntermediaryLogoProps {
  /** The firm's logo path, or null: the default logo (spec-2). */
  src: string | null;
  /** Tailwind size classes. */
  className?: string;
}

/**
 * An intermediary's logo beside its name, so decorative (empty alt). A firm without a logo, or one
 * whose logo fails to load, shows the default logo.
 */
export function IntermediaryLogo({ src, className = 'size-12' }: IntermediaryLogoProps) {
  const [hasFailed, setHasFailed] = useState(false);
  if (src && !hasFailed) {
    return (
      <img
        src={src}
        alt=""
        className={`${className} shrink-0 rounded-lg border border-slate-200 bg-white object-contain`}
        onError={() => setHasFailed(true)}
      />
    );
  }
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 48 48"
      data-testid="default-logo"
      className={`${className} shrink-0 rounded-lg border border-slate-200 bg-emerald-50 text-emerald-800`}
    >
      <path
        fill="currentColor"
        d="M24 9 9 17v3h30v-3L24 9Zm-11 13v12h4V22h-4Zm9 0v12h4V22h-4Zm9 0v12h4V22h-4ZM9 36v3h30v-3H9Z"
      />
    </svg>
  );
}
