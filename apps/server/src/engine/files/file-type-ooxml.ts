import type { StoredMediaType } from '@der/contracts';
import {
  inflateEntryHead,
  inflateSmallEntry,
  readZipEntries,
  type ZipEntry,
  ZipUnreadable,
  zipEntryCount,
} from './zip-archive.ts';

/*
 * An Office Open XML package (ECMA-376 part 2, OPC) of a kind forms accept: a ZIP whose [Content_Types].xml
 * gives the main part the content type of the claimed kind, every part a content type, and nothing that runs.
 * Entry names alone prove nothing: they are plain text anyone can put in any ZIP (or an executable).
 */

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Each accepted kind: its main part and the content type [Content_Types].xml must give it. */
const KINDS: ReadonlyArray<{ mediaType: StoredMediaType; mainPart: string; contentType: string }> = [
  {
    mediaType: DOCX,
    mainPart: 'word/document.xml',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  },
  {
    mediaType: XLSX,
    mainPart: 'xl/workbook.xml',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  },
];

/** More entries than any document or workbook of a form needs: refused before the directory is walked. */
const MAX_ENTRIES = 1_000;
/**
 * Compressed bytes of each part inflated to see how it starts: enough for a stored part or most deflated ones
 * (a dynamic Huffman table can take a few hundred bytes, so this sniffing is a second line behind the content
 * types and names). Bounded so that MAX_ENTRIES parts cost at most ~130 MB of inflating, in a fraction of a second.
 */
const PART_HEAD_COMPRESSED_BYTES = 128;
/** [Content_Types].xml lists a few lines per part: a megabyte is far more than MAX_ENTRIES need. */
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;

/** Names of parts that are programs (or scripts) whatever their content type says. */
const RUNNABLE_EXTENSION =
  /\.(exe|dll|com|scr|msi|msp|cpl|sys|bat|cmd|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|hta|jar|class|sh|elf|so|dylib|app|apk|lnk)$/i;
/** Content types of macros: a .docx/.xlsx never carries them (those are .docm/.xlsm). */
const MACRO_CONTENT_TYPE = /vbaProject|macroEnabled|vbaData/i;

/** The first bytes of executables (PE "MZ", ELF, Mach-O both orders, fat binaries / Java classes). */
const EXECUTABLE_HEADS: readonly Buffer[] = [
  Buffer.from('MZ'),
  Buffer.from([0x7f, 0x45, 0x4c, 0x46]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xce]),
  Buffer.from([0xfe, 0xed, 0xfa, 0xcf]),
  Buffer.from([0xce, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xcf, 0xfa, 0xed, 0xfe]),
  Buffer.from([0xca, 0xfe, 0xba, 0xbe]),
];

interface ContentTypes {
  defaults: Map<string, string>;
  overrides: Map<string, string>;
}

const decodeAttribute = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of tag.matchAll(/([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    attributes.set(match[1]!, decodeAttribute(match[2] ?? match[3] ?? ''));
  return attributes;
}

/** The Default (by extension) and Override (by part name) elements; names compared ignoring case, as OPC says. */
function parseContentTypes(xml: string): ContentTypes {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  for (const [tag, element] of xml.matchAll(/<(Default|Override)\b[^>]*>/g)) {
    const attributes = attributesOf(tag);
    const contentType = attributes.get('ContentType')?.trim() ?? '';
    if (element === 'Default') defaults.set((attributes.get('Extension') ?? '').toLowerCase(), contentType);
    else overrides.set((attributes.get('PartName') ?? '').toLowerCase(), contentType);
  }
  return { defaults, overrides };
}

function contentTypeOf(types: ContentTypes, name: string): string | undefined {
  const override = types.overrides.get(`/${name}`.toLowerCase());
  if (override !== undefined) return override;
  const dot = name.lastIndexOf('.');
  return dot > name.lastIndexOf('/') ? types.defaults.get(name.slice(dot + 1).toLowerCase()) : undefined;
}

function startsAsXml(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<');
}

const isFolder = (entry: ZipEntry) => entry.name.endsWith('/') && entry.size === 0;

/** The kind of package `content` (a ZIP) is, or null when it is not a real package of an accepted kind. */
export function officeTypeOf(content: Buffer): StoredMediaType | null {
  try {
    if (zipEntryCount(content) > MAX_ENTRIES) return null;
    const entries = readZipEntries(content);
    const byName = new Map(entries.map((entry) => [entry.name, entry]));
    const manifest = byName.get('[Content_Types].xml');
    if (!manifest) return null;
    const types = parseContentTypes(
      inflateSmallEntry(content, manifest, CONTENT_TYPES_MAX_BYTES).toString('utf8'),
    );
    const kind = KINDS.find(
      (candidate) =>
        byName.has(candidate.mainPart) && contentTypeOf(types, candidate.mainPart) === candidate.contentType,
    );
    if (!kind || !startsAsXml(inflateEntryHead(content, byName.get(kind.mainPart)!))) return null;
    for (const entry of entries) {
      if (entry === manifest || isFolder(entry)) continue;
      // A jar's manifest, a program or a macro: whatever [Content_Types].xml says about them.
      if (entry.name.toUpperCase().startsWith('META-INF/') || RUNNABLE_EXTENSION.test(entry.name))
        return null;
      const contentType = contentTypeOf(types, entry.name);
      if (!contentType || MACRO_CONTENT_TYPE.test(contentType)) return null;
      const head = inflateEntryHead(content, entry, PART_HEAD_COMPRESSED_BYTES);
      if (EXECUTABLE_HEADS.some((signature) => head.subarray(0, signature.length).equals(signature)))
        return null;
    }
    return kind.mediaType;
  } catch (error) {
    if (error instanceof ZipUnreadable) return null;
    throw error;
  }
}
