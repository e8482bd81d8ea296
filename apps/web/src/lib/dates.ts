/** A date as the server writes it in messages, in Kenya time: '3 Mar 2026'; not a date → as given. */
export function formatKenyaShortDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Africa/Nairobi',
  }).format(date);
}
