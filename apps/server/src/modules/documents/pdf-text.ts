import type { TextRun } from './pdf-layout.types.ts';

// Text helpers of the generated documents, free of pdf-lib: markup parsing and pt-BR formats.

/** Parses `**bold**` markup into runs. */
export function parseInline(text: string): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index) });
    runs.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

/** `DD/MM/YYYY` (and ` HH:mm` with `withTime`) in the department's time zone, America/Sao_Paulo. */
export function formatDateBr(date: Date, withTime = false): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const day = `${get('day')}/${get('month')}/${get('year')}`;
  return withTime ? `${day} ${get('hour')}:${get('minute')}` : day;
}
