/**
 * A small allow-list HTML sanitiser for rich text and html components: only formatting tags survive, every
 * attribute but a safe link target is dropped, and script, style and event handlers never reach the page.
 * It parses with the browser's inert DOMParser (scripts in the parsed document do not run).
 */
const ALLOWED_TAGS = new Set([
  'A',
  'B',
  'BLOCKQUOTE',
  'BR',
  'CODE',
  'DIV',
  'EM',
  'H1',
  'H2',
  'H3',
  'H4',
  'HR',
  'I',
  'LI',
  'OL',
  'P',
  'PRE',
  'S',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TABLE',
  'TBODY',
  'TD',
  'TH',
  'THEAD',
  'TR',
  'U',
  'UL',
]);
/** Elements removed with their content (the others keep their text when their tag is not allowed). */
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
]);
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

function cleanNode(node: Node, document: Document): void {
  for (const child of [...node.childNodes]) {
    if (child.nodeType === Node.COMMENT_NODE) {
      child.remove();
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    if (DROPPED_WITH_CONTENT.has(element.tagName)) {
      element.remove();
      continue;
    }
    cleanNode(element, document);
    if (!ALLOWED_TAGS.has(element.tagName)) {
      element.replaceWith(...element.childNodes);
      continue;
    }
    for (const attribute of [...element.attributes]) {
      const keep =
        element.tagName === 'A' && attribute.name === 'href' && SAFE_URL.test(attribute.value.trim());
      if (!keep) element.removeAttribute(attribute.name);
    }
    if (element.tagName === 'A') {
      element.setAttribute('rel', 'noopener noreferrer');
      element.setAttribute('target', '_blank');
    }
  }
}

export function sanitizeHtml(html: string): string {
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanNode(document.body, document);
  return document.body.innerHTML;
}
