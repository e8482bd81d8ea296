import type { CategoryValue } from '@bima/domain';

export function CategoryIcon({ category }: { category: CategoryValue }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-8"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {category === 'individual' ? (
        <>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
        </>
      ) : (
        <>
          <rect x="3" y="7" width="18" height="14" rx="2" />
          <path d="M9 7V4h6v3M3 13h18M11 13v2h2v-2" />
        </>
      )}
    </svg>
  );
}
