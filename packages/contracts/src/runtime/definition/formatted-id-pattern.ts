const TOKEN = /\{(YYYY|SEQ:(\d{1,2}))\}/g;

/**
 * The formatted ID of a pattern like 'AET-{YYYY}-{SEQ:6}': {YYYY} the year, {SEQ:n} the sequence number
 * zero-padded to n digits (never cut). A pattern without {SEQ:n} gets '-<seq>' appended, so that IDs stay
 * unique (runtime_items has a unique index on component and formatted ID).
 */
export function renderFormattedId(pattern: string, year: number, sequence: number): string {
  let hasSequence = false;
  const text = pattern.replace(TOKEN, (_whole, token: string, width?: string) => {
    if (token === 'YYYY') return String(year);
    hasSequence = true;
    return String(sequence).padStart(Number(width), '0');
  });
  return hasSequence ? text : `${text}-${sequence}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether an ID could have been rendered from the pattern (renderFormattedId, any year and sequence). */
export function matchesFormattedIdPattern(pattern: string, id: string): boolean {
  let hasSequence = false;
  let source = '';
  let last = 0;
  for (const match of pattern.matchAll(TOKEN)) {
    source += escapeRegExp(pattern.slice(last, match.index));
    if (match[1] === 'YYYY') source += '\\d{4}';
    else {
      hasSequence = true;
      source += `\\d{${Number(match[2])},}`;
    }
    last = match.index + match[0].length;
  }
  source += escapeRegExp(pattern.slice(last));
  if (!hasSequence) source += '-\\d+';
  return new RegExp(`^${source}$`).test(id);
}
