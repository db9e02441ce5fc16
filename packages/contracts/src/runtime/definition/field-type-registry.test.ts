import { describe, expect, it } from 'vitest';
import { columnDecimals, columnWidthRange } from '../listing/columns.ts';
import { storageKindOf } from './field.ts';
import {
  FIELD_TYPE_TRAITS,
  INLINE_EDITABLE_FIELD_TYPES,
  isReferenceType,
  referenceTargetOf,
} from './field-type-registry.ts';
import { FIELD_TYPES, type FieldType } from './field-types.ts';

/** What the switches the registry replaced answered, type by type (the registry must answer the same). */
const STORAGE: Record<FieldType, string> = {
  STRING: 'text',
  INTEGER: 'number',
  DECIMAL: 'number',
  CURRENCY: 'number',
  PERCENTILE: 'number',
  DURATION: 'number',
  BOOLEAN: 'boolean',
  DATE_TIME: 'instant',
  RICH_TEXT: 'text',
  PICKLIST: 'text',
  ITEM_TYPE_STATUS: 'text',
  USERS: 'reference',
  USERS_OR_GROUPS: 'references',
  GROUPS: 'reference',
  COMPANY: 'reference',
  PROJECT: 'reference',
  CALENDAR: 'reference',
  ORGANIZATIONAL_STRUCTURE: 'reference',
  RESOURCES: 'reference',
  GENERIC_ITEM_TYPE: 'reference',
  BINARY: 'files',
  SVN_FILES: 'files',
  CVS_FILES: 'files',
  TABLE: 'rows',
};

describe('field-type registry', () => {
  it('describes every field type, and nothing else', () => {
    expect(Object.keys(FIELD_TYPE_TRAITS).sort()).toEqual([...FIELD_TYPES].sort());
  });

  it.each(FIELD_TYPES)('%s is stored as before (a multiple reference as a list)', (type) => {
    expect(storageKindOf({ type, multiple: false })).toBe(STORAGE[type]);
    const multiple = STORAGE[type] === 'reference' ? 'references' : STORAGE[type];
    expect(storageKindOf({ type, multiple: true })).toBe(multiple);
  });

  it('names the records each reference type points at; other types point at nothing', () => {
    const targets = Object.fromEntries(
      FIELD_TYPES.filter(isReferenceType).map((t) => [t, referenceTargetOf(t)]),
    );
    expect(targets).toEqual({
      USERS: 'user',
      USERS_OR_GROUPS: 'userOrGroup',
      GROUPS: 'group',
      COMPANY: 'company',
      PROJECT: 'project',
      CALENDAR: 'calendar',
      ORGANIZATIONAL_STRUCTURE: 'orgUnit',
      RESOURCES: 'resource',
      GENERIC_ITEM_TYPE: 'item',
    });
    for (const type of FIELD_TYPES) {
      expect(isReferenceType(type)).toBe(STORAGE[type] === 'reference' || type === 'USERS_OR_GROUPS');
    }
  });

  it('keeps the spec §3 inline-editable kinds, the §5 decimals and the §9 widths', () => {
    expect([...INLINE_EDITABLE_FIELD_TYPES].sort()).toEqual(
      [
        'STRING',
        'INTEGER',
        'DECIMAL',
        'PERCENTILE',
        'CURRENCY',
        'BOOLEAN',
        'BINARY',
        'PICKLIST',
        'USERS',
        'GENERIC_ITEM_TYPE',
      ].sort(),
    );
    expect(FIELD_TYPES.map((type) => [type, columnDecimals(type)]).filter(([, d]) => d !== null)).toEqual([
      ['INTEGER', 0],
      ['DECIMAL', 2],
      ['CURRENCY', 2],
      ['PERCENTILE', 2],
      ['DURATION', 2],
    ]);
    expect(columnWidthRange('STRING')).toEqual({ min: 300, max: 300 });
    expect(columnWidthRange('ITEM_TYPE_STATUS')).toEqual({ min: 250, max: 250 });
    expect(columnWidthRange('CURRENCY')).toEqual({ min: 200, max: 200 });
    expect(columnWidthRange('GROUPS')).toEqual({ min: 200, max: 300 });
    expect(columnWidthRange('CVS_FILES')).toEqual({ min: 300, max: 300 });
  });

  it('a grid editor or filter only where the type can be edited inline or filtered', () => {
    for (const type of FIELD_TYPES) {
      const traits = FIELD_TYPE_TRAITS[type];
      if (traits.gridEditor !== null) expect(traits.inlineEditable).toBe(true);
      if (traits.number !== null) expect(traits.value).toBe('number');
    }
    expect(FIELD_TYPE_TRAITS.BINARY.filter).toBeNull();
    expect(FIELD_TYPE_TRAITS.BINARY.gridEditor).toBeNull();
  });
});
