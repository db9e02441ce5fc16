import { unsupported } from './fast-sheet-unsupported.ts';

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML text or attribute value with its entities replaced, as the SAX parser hands them over. */
function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  const decoded = text.replace(ENTITY, (_match, name: string, decimal: string, hex: string) => {
    if (name) return NAMED[name]!;
    const code = decimal ? Number(decimal) : Number.parseInt(hex, 16);
    // Characters XML cannot carry (XML 1.0 `Char`: no surrogate halves, which jsonb refuses): the SAX parser's call.
    const isXmlChar =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    return isXmlChar ? String.fromCodePoint(code) : unsupported('character reference');
  });
  if (text.replace(ENTITY, '').includes('&')) unsupported('entity');
  return decoded;
}

export type Attributes = Record<string, string>;
export interface XmlHandler {
  open(name: string, attributes: Attributes): void;
  text(text: string): void;
  close(name: string): void;
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * A SAX-like pass over well-formed XML: open (self-closing tags also close), text inside the root, close. It
 * can stop after a closing tag and go on from there later, so a worksheet can be read a few rows at a time.
 */
export class XmlScanner {
  private at = 0;
  private depth = 0;
  private readonly xml: string;

  constructor(xml: string) {
    this.xml = xml;
  }

  /** Scans on until the end, or until `pause` answers true after a closing tag. */
  scan(handler: XmlHandler, pause: () => boolean = () => false): void {
    const { xml } = this;
    while (this.at < xml.length) {
      const at = this.at;
      const lt = xml.indexOf('<', at);
      const end = lt < 0 ? xml.length : lt;
      if (end > at && this.depth > 0) handler.text(decodeXml(xml.slice(at, end)));
      if (lt < 0) {
        this.at = xml.length;
        break;
      }
      const next = xml.charCodeAt(lt + 1);
      if (next === 63 /* ? */) {
        const close = xml.indexOf('?>', lt);
        if (close < 0 || this.depth > 0) unsupported('processing instruction');
        this.at = close + 2;
        continue;
      }
      if (next === 33 /* ! */) unsupported('comment, CDATA or DOCTYPE');
      TAG.lastIndex = lt;
      const match = TAG.exec(xml);
      if (!match) unsupported('tag');
      this.at = TAG.lastIndex;
      const [, closing, name, attributeText, selfClosing] = match as unknown as string[];
      let closed = false;
      if (closing) {
        handler.close(name!);
        this.depth -= 1;
        closed = true;
      } else {
        const attributes: Attributes = {};
        if (attributeText) {
          for (const attribute of attributeText.matchAll(ATTRIBUTE))
            attributes[attribute[1]!] = decodeXml(attribute[2] ?? attribute[3] ?? '');
        }
        handler.open(name!, attributes);
        if (selfClosing) {
          handler.close(name!);
          closed = true;
        } else this.depth += 1;
      }
      if (closed && pause()) return;
    }
  }
}

export function scanXml(xml: string, handler: XmlHandler): void {
  new XmlScanner(xml).scan(handler);
}
