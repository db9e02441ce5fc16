/**
 * Prints a PDF the page holds as an object URL: the browser's own viewer opens it in a new tab and its print
 * dialog is asked for once it has loaded (a frame would need frame-src blob:, which the CSP refuses).
 */
export function printPdf(objectUrl: string): void {
  const opened = window.open(objectUrl, '_blank');
  opened?.addEventListener('load', () => opened.print(), { once: true });
}
