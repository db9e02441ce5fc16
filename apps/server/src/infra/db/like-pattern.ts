/** Text for LIKE / ILIKE taken literally: its own `%`, `_` and `\` are escaped (the default escape is `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** `%text%` for ILIKE ("contains"), or null when there is nothing to search for. */
export function containsPattern(search: string | undefined | null): string | null {
  const text = search?.trim();
  return text ? `%${escapeLike(text)}%` : null;
}
