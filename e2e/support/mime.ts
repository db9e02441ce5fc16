/**
 * A minimal MIME reader for the messages the server sends through nodemailer: headers (folded, with RFC 2047
 * encoded words), multipart bodies, quoted-printable and base64 transfer encodings, UTF-8 or Latin-1 text.
 * Enough for the e2e suite to read a subject, a link and a password; not a general mail parser.
 */

export interface ParsedMail {
  subject: string;
  /** The To header's addresses, lower case. */
  to: string[];
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitHeadersAndBody(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded lines continue with whitespace.
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBytes(bytes: Buffer, charset: string): string {
  const label = charset.toLowerCase();
  if (label === 'utf-8' || label === 'utf8' || label === 'us-ascii' || label === '') {
    return bytes.toString('utf8');
  }
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const softBreaksRemoved = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < softBreaksRemoved.length; index += 1) {
    const char = softBreaksRemoved[index] ?? '';
    const hex = softBreaksRemoved.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      // The raw text is read as latin1: one character per byte.
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047: `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=`; adjacent encoded words join without the space. */
export function decodeEncodedWords(value: string): string {
  const joined = value.replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1');
  return joined.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_match, charset: string, mode: string, data: string) => {
      const bytes =
        mode.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return decodeBytes(bytes, charset);
    },
  );
}

function parameter(headerValue: string, name: string): string {
  const match = new RegExp(`${name}\\s*=\\s*("([^"]*)"|[^;\\s]+)`, 'i').exec(headerValue);
  return match ? (match[2] ?? match[1] ?? '') : '';
}

function decodeBody(part: Part): string {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const charset = parameter(contentType, 'charset') || 'utf-8';
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let bytes: Buffer;
  if (encoding === 'base64') bytes = Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') bytes = decodeQuotedPrintable(part.body);
  else bytes = Buffer.from(part.body, 'binary');
  return decodeBytes(bytes, charset).replace(/\r\n/g, '\n');
}

function collect(part: Part, into: { text: string; html: string }): void {
  const contentType = (part.headers.get('content-type') ?? 'text/plain').toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = parameter(part.headers.get('content-type') ?? '', 'boundary');
    if (!boundary) return;
    const pieces = part.body.split(`--${boundary}`);
    // The first piece is the preamble, the last one starts with '--' (the epilogue).
    for (const piece of pieces.slice(1)) {
      if (piece.startsWith('--')) break;
      collect(splitHeadersAndBody(piece.replace(/^\r?\n/, '')), into);
    }
    return;
  }
  if (contentType.startsWith('text/html') && !into.html) into.html = decodeBody(part);
  else if (contentType.startsWith('text/plain') && !into.text) into.text = decodeBody(part);
}

function addresses(value: string): string[] {
  const found = value.match(/[^\s<>",;:]+@[^\s<>",;]+/g) ?? [];
  return found.map((address) => address.toLowerCase());
}

/** Reads the raw RFC 5322 message (as received over SMTP, in 'binary' = latin1 to keep the bytes). */
export function parseMail(raw: string): ParsedMail {
  const root = splitHeadersAndBody(raw);
  const content = { text: '', html: '' };
  collect(root, content);
  return {
    subject: decodeEncodedWords(root.headers.get('subject') ?? ''),
    to: addresses(decodeEncodedWords(root.headers.get('to') ?? '')),
    text: content.text,
    html: content.html,
  };
}
