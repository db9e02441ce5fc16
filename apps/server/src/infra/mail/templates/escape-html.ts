const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** For text placed in HTML content or a quoted attribute: names and logins are typed by anyone who registers. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** Subjects are a header: a line break in a user's name must not start a new header. */
export function singleLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}
