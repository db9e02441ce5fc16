import {
  type ComponentDefinition,
  type FieldDefinition,
  SYSTEM_COLUMN_HEADERS,
  SYSTEM_FIELD_KEYS,
  storageKindOf,
} from '@der/contracts';

/** What a spreadsheet column feeds: a configured field, a writable system field, or nothing (ignored). */
export type ImportColumn =
  | { kind: 'field'; header: string; field: FieldDefinition }
  | { kind: 'system'; header: string; key: 'Title' | 'Position' }
  | { kind: 'ignored'; header: string };

const normalize = (text: string) => text.trim().toLocaleLowerCase('pt-BR');

/**
 * Reads the header row: each header is a field key or label (either language, or the grid caption), matched
 * without regard to case. Title and Position are imported; the other system columns an export writes
 * (FormattedID, StatusName, dates, names …) and file fields are ignored, so an exported list can be imported
 * again; deprecated fields are not offered. A header matching nothing is refused (returned in `unknown`).
 */
export function mapHeaders(
  component: ComponentDefinition,
  headers: readonly string[],
): { columns: ImportColumn[]; unknown: string[] } {
  const byName = new Map<string, 'system' | 'ignored' | FieldDefinition>();
  for (const key of SYSTEM_FIELD_KEYS) {
    for (const name of [key, SYSTEM_COLUMN_HEADERS[key]['pt-BR'], SYSTEM_COLUMN_HEADERS[key].en]) {
      byName.set(normalize(name), key === 'Title' || key === 'Position' ? 'system' : 'ignored');
    }
  }
  // Configured fields win over system captions they happen to share.
  for (const field of component.fields) {
    const names = [field.key, field.label['pt-BR'], field.label.en];
    if (field.givenName) names.push(field.givenName['pt-BR'], field.givenName.en);
    for (const name of names) byName.set(normalize(name), field);
  }
  const unknown: string[] = [];
  const columns = headers.map((header): ImportColumn => {
    if (header.trim() === '') return { kind: 'ignored', header };
    const match = byName.get(normalize(header));
    if (match === undefined) {
      unknown.push(header);
      return { kind: 'ignored', header };
    }
    if (match === 'ignored') return { kind: 'ignored', header };
    if (match === 'system') {
      const key = SYSTEM_FIELD_KEYS.find(
        (candidate) =>
          (candidate === 'Title' || candidate === 'Position') &&
          [candidate, SYSTEM_COLUMN_HEADERS[candidate]['pt-BR'], SYSTEM_COLUMN_HEADERS[candidate].en]
            .map(normalize)
            .includes(normalize(header)),
      ) as 'Title' | 'Position';
      return { kind: 'system', header, key };
    }
    const kind = storageKindOf(match);
    if (match.deprecated || kind === 'files') return { kind: 'ignored', header };
    return { kind: 'field', header, field: match };
  });
  return { columns, unknown };
}
