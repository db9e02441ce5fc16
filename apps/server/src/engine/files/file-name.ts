import { FILE_NAME_MAX_LENGTH, type StoredMediaType } from '@der/contracts';
import { EXTENSIONS } from './file-type.ts';

const FALLBACK_NAME = 'arquivo';

/**
 * The name a file is stored and downloaded under: the browser's name without any folder part, control or
 * reserved characters (`\ / : * ? " < > |`), leading dots (hidden files) or trailing dots and spaces, at most
 * FILE_NAME_MAX_LENGTH characters keeping the extension. The extension must match the type found by content,
 * so a PDF sent as `nota.exe` is stored as `nota.exe.pdf` and never opens as something else.
 */
export function sanitizeFileName(raw: string, mediaType: StoredMediaType): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const name = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  const kept = EXTENSIONS[mediaType].find((candidate) => name.toLowerCase().endsWith(candidate));
  // The user's own spelling of a matching extension (".JPG") is kept; a wrong or missing one gets the type's.
  const extension = kept ? name.slice(name.length - kept.length) : EXTENSIONS[mediaType][0]!;
  const stem =
    (kept ? name.slice(0, name.length - kept.length) : name).replace(/[\s.]+$/, '') || FALLBACK_NAME;
  return `${[...stem]
    .slice(0, FILE_NAME_MAX_LENGTH - extension.length)
    .join('')
    .trimEnd()}${extension}`;
}

/** `attachment; filename="…"` with an ASCII fallback for old clients (RFC 6266 filename*). */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const asciiName = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return `${kind}; filename="${asciiName || FALLBACK_NAME}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
