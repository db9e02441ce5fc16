import type { FieldDefinition } from '@der/contracts';
import fc from 'fast-check';
import { type DefaultTreeAdapterMap, parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import { checkFieldValue } from './field-values.ts';
import { sanitizeRichText } from './rich-text.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const ALLOWED = new Set(
  'a b blockquote br code div em h1 h2 h3 h4 hr i li ol p pre s span strong sub sup table tbody td th thead tr u ul'.split(
    ' ',
  ),
);
const HTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

/**
 * What a browser builds from the stored HTML, read with parse5 (the HTML standard's parser, scripting on as
 * in a browser, so <noscript> is raw text): its elements and their attributes. Checking the stored string
 * alone would miss markup that only appears when a browser parses it (mutation XSS).
 */
function elementsOf(html: string): Element[] {
  const document = parse(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`);
  const found: Element[] = [];
  const visit = (node: Node) => {
    if ('tagName' in node) found.push(node);
    if ('content' in node && node.content) visit(node.content as unknown as Node);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  const body = document.childNodes
    .flatMap((node) => ('childNodes' in node ? node.childNodes : []))
    .find((node) => 'tagName' in node && node.tagName === 'body');
  if (!body) throw new Error('no body');
  for (const child of (body as Element).childNodes) visit(child);
  return found;
}

/** Every way the stored HTML could run script or leave the allow-list, once a browser parses it. */
function dangersIn(html: string): string[] {
  const dangers: string[] = [];
  for (const element of elementsOf(html)) {
    if (element.namespaceURI !== HTML_NAMESPACE || !ALLOWED.has(element.tagName))
      dangers.push(`element <${element.tagName}> (${element.namespaceURI})`);
    for (const attribute of element.attrs) {
      const allowed = element.tagName === 'a' && ['href', 'rel', 'target'].includes(attribute.name);
      if (!allowed) dangers.push(`attribute ${attribute.name} on <${element.tagName}>`);
      // What a browser would do with the address: control characters and spaces are ignored in a scheme.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the browser strips these, so must we.
      const address = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
      if (attribute.name === 'href' && !/^(https?:|mailto:|\/[^/]|#|[^:/?#]*([/?#]|$))/.test(address))
        dangers.push(`href ${attribute.value}`);
    }
  }
  return dangers;
}

const VECTORS = [
  '<img src=x onerror=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)><circle r=10 /></svg>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">clique</a>',
  '<a href="JaVa&#x09;ScRiPt:alert(1)">clique</a>',
  '<a href=" &#106;avascript:alert(1)">clique</a>',
  '<a href="data:text/html,<script>alert(1)</script>">clique</a>',
  '<a href="vbscript:msgbox(1)">clique</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<math><mi><style><img src=x onerror=alert(1)></style></mi></math>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<svg><textarea><img src=x onerror=alert(1)></textarea></svg>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  '<template><img src=x onerror=alert(1)></template>',
  '<!-- --><img src=x onerror=alert(1)> -->',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">texto</p>',
  '<div onmouseover="alert(1)">passe o mouse</div>',
  '<b/onmouseover=alert(1)>x</b>',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '<base href="javascript:/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<select><style></select><img src=x onerror=alert(1)></style>',
  '<table><td><style><img src=x onerror=alert(1)></style></td></table>',
  '<plaintext><img src=x onerror=alert(1)>',
  '<noembed><img src=x onerror=alert(1)></noembed>',
  '<noframes><img src=x onerror=alert(1)></noframes>',
  '<title><img src=x onerror=alert(1)></title>',
  '<<img src=x onerror=alert(1)>>',
  '<img src="x` `<script>alert(1)</script>"` `>',
];

describe('rich text sanitiser', () => {
  it('is checked by a browser-equivalent parse that sees the script a raw string hides', () => {
    // Unsanitised, the mutation vector is harmless text to a naive reader but an <img onerror> to a browser.
    expect(dangersIn('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).toContain(
      'attribute onerror on <img>',
    );
    expect(dangersIn('<svg><a href="javascript:alert(1)">x</a></svg>')).toContain(
      'element <svg> (http://www.w3.org/2000/svg)',
    );
    expect(dangersIn('<a href=" java&#9;script:alert(1)">x</a>')).toEqual([
      `href  java${'\t'}script:alert(1)`,
    ]);
  });

  it.each(VECTORS)('stores nothing that runs or leaves the allow-list: %s', (vector) => {
    const stored = sanitizeRichText(vector);
    expect(dangersIn(stored)).toEqual([]);
    expect(stored).not.toMatch(/<script|<img|<svg|<math|<style|onerror|onload|onclick|javascript:/i);
  });

  it('keeps what the editor makes: bold, italic, underline, lists, line breaks, headings, tables', () => {
    const formatted = [
      '<b>negrito</b> e <i>itálico</i>, <strong>forte</strong>, <em>ênfase</em>, <u>sublinhado</u>, <s>riscado</s>',
      '<ul><li>um</li><li>dois</li></ul><ol><li>primeiro</li></ol>',
      '<div>linha 1</div><div>linha 2</div>',
      '<h1>Título</h1><h2>Seção</h2><h3>Sub</h3><p>Parágrafo com <code>código</code> e x<sup>2</sup> e H<sub>2</sub>O</p>',
      '<blockquote>citação</blockquote><pre>pré</pre><hr />',
      '<table><thead><tr><th>Placa</th></tr></thead><tbody><tr><td>ABC1D23</td></tr></tbody></table>',
      '<p>Ação: <span>trecho</span></p>',
    ];
    for (const html of formatted) expect(sanitizeRichText(html)).toBe(html);
    // A browser's <br> is written as <br />, which every browser reads back as the same <br>.
    expect(sanitizeRichText('linha 1<br>linha 2')).toBe('linha 1<br />linha 2');
  });

  it('keeps links to web pages, e-mail addresses and pages of the portal, opened apart from it', () => {
    const opened = 'rel="noopener noreferrer" target="_blank"';
    expect(sanitizeRichText('<a href="https://der.df.gov.br/a?b=1&amp;c=2">site</a>')).toBe(
      `<a href="https://der.df.gov.br/a?b=1&amp;c=2" ${opened}>site</a>`,
    );
    expect(sanitizeRichText('<a href="http://exemplo.com.br">site</a>')).toBe(
      `<a href="http://exemplo.com.br" ${opened}>site</a>`,
    );
    expect(sanitizeRichText('<a href="mailto:protocolo@der.df.gov.br">e-mail</a>')).toBe(
      `<a href="mailto:protocolo@der.df.gov.br" ${opened}>e-mail</a>`,
    );
    expect(sanitizeRichText('<a href="/aet/123">pedido</a>')).toBe(`<a href="/aet/123" ${opened}>pedido</a>`);
    // Another scheme, or a protocol-relative address, loses its address but keeps its text.
    expect(sanitizeRichText('<a href="ftp://x">a</a><a href="//evil.example">b</a>')).toBe(
      `<a ${opened}>a</a><a ${opened}>b</a>`,
    );
  });

  it('keeps text as text: angle brackets and ampersands of plain text are escaped, not markup', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 0')).toBe('1 &lt; 2 &amp; 3 &gt; 0');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('is idempotent and never lets a danger through, whatever mix of tags, attributes and text it gets', () => {
    const pieces = fc.constantFrom(
      ...VECTORS,
      '<b>',
      '</b>',
      '<i>x</i>',
      '<a href="https://x.example">',
      '</a>',
      '<a href="javascript:alert(1)">',
      '<ul><li>',
      '</li></ul>',
      '<table><tr><td>',
      '</td></tr></table>',
      '<svg>',
      '</svg>',
      '<math><mtext>',
      '</math>',
      '<style>',
      '</style>',
      '<noscript>',
      '</noscript>',
      '<p title="',
      '">',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<',
      '>',
      '"',
      "'",
      '&',
      '&lt;',
      '=',
      ' onerror=alert(1) ',
      'texto',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const stored = sanitizeRichText(parts.join(''));
        expect(dangersIn(stored)).toEqual([]);
        expect(sanitizeRichText(stored)).toBe(stored);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('a RICH_TEXT value checked for saving (checkFieldValue)', () => {
  const field = (overrides: Partial<FieldDefinition> = {}) =>
    ({
      key: 'obs',
      type: 'RICH_TEXT',
      label: { 'pt-BR': 'Obs', en: 'Obs' },
      ...overrides,
    }) as FieldDefinition;

  it('is stored sanitised', () => {
    expect(checkFieldValue(field(), '<p onclick="x()">a</p><script>b</script>')).toEqual({
      ok: true,
      value: '<p>a</p>',
    });
  });

  it('is empty when nothing but markup to drop is left: refused when required, removed when not', () => {
    const onlyScript = '<script>alert(1)</script><img src=x onerror=alert(1)> ';
    expect(checkFieldValue(field({ required: true }), onlyScript)).toEqual({
      ok: false,
      issue: { message: 'fillInThisField' },
    });
    expect(checkFieldValue(field(), onlyScript)).toEqual({ ok: true, value: null });
  });

  it('is refused when its stored form is longer than the field allows', () => {
    // 10 characters typed, 40 stored: each < is written &lt;.
    expect(checkFieldValue(field({ maxLength: 20 }), '<<<<<<<<<<')).toEqual({
      ok: false,
      issue: { message: 'tooLong', params: { maximum: 20 } },
    });
    expect(checkFieldValue(field({ maxLength: 40 }), '<<<<<<<<<<')).toEqual({
      ok: true,
      value: '&lt;'.repeat(10),
    });
  });
});
