import sanitize from 'sanitize-html';

/**
 * The stored form of a RICH_TEXT value: HTML cut down to an allow-list of formatting tags. The web editor
 * sanitises in the browser too (apps/web/src/shared/ui/FormRenderer/sanitizeHtml.ts, the same tags), but any
 * client can send anything, and the value is shown to other users as HTML: the server's copy is the one that
 * counts. Every write of an item field reaches it through checkFieldValue (field-values.ts).
 *
 * sanitize-html parses with htmlparser2 and writes the result out again from its own tree, escaping every
 * text and attribute value: what is stored is only allowed tags and escaped text, so a browser that parses
 * it differently (the mutation-XSS tricks with <math>, <svg>, <noscript>, <style>) still finds no markup
 * beyond those tags. Elements whose content is not text (script, style, the foreign <svg> and <math>, …) go
 * with their content; other unknown tags are dropped and keep their text.
 */

/** What the editor makes (bold, italic, lists, line breaks as div/br) and pasted formatting keeps. */
const ALLOWED_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

/** Removed with everything inside them: their content is code, style or another language's markup. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'xmp',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'svg',
  'math',
  'select',
  'plaintext',
];

const OPTIONS: sanitize.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // No style, class or event handler anywhere; a link keeps its address only (rel and target are set below).
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  // Links to web pages and e-mail addresses, or within the portal (relative); never javascript:, data: …
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // A link opens apart from the portal and gives the page it opens no handle back to it.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

/**
 * The HTML to store for a rich-text value: only allowed tags, links with safe addresses, text escaped. Read
 * twice: from badly nested input (a list inside a paragraph) one pass can write markup that a second reads
 * otherwise; the second pass's form reads back unchanged, so an unchanged value saved again stays the same.
 */
export function sanitizeRichText(html: string): string {
  return sanitize(sanitize(html, OPTIONS), OPTIONS);
}
