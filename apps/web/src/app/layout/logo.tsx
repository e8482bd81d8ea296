export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="bima-logo" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#047857" />
          <stop offset="1" stopColor="#065f46" />
        </linearGradient>
      </defs>
      <path d="M20 3 35 9v10c0 9.5-6.3 16.3-15 18-8.7-1.7-15-8.5-15-18V9z" fill="url(#bima-logo)" />
      <path
        d="m13 20 5 5 9-10"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
