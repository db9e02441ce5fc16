const UNITS = ['KB', 'MB', 'GB'] as const;

/**
 * A file size as lists show it: bytes below 1 KB, else KB, MB or GB in base 1024 with one decimal
 * (1536 → '1,5 KB' in pt-BR). The number is formatted in the language given.
 */
export function formatFileSize(bytes: number, language: string): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(Math.round(value * 10) / 10);
  return `${number} ${UNITS[unit]}`;
}
