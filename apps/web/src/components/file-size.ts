const UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size as spec-1 §9 shows it: Bytes, KB, MB, GB or TB, 1024 per step, two decimals at most. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const step = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** step;
  return `${Number.parseFloat(value.toFixed(2))} ${UNITS[step]}`;
}
