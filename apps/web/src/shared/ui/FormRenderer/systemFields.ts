import type { FieldDefinition, LocalizedText } from '@der/contracts';
import { FieldDefinitionSchema } from '@der/contracts';

/** Labels of the system fields a form may bind (spec §3 system field keys). */
const SYSTEM_FIELD_LABELS: Record<string, LocalizedText> = {
  Title: { 'pt-BR': 'Título', en: 'Title' },
  FormattedID: { 'pt-BR': 'Identificador', en: 'Identifier' },
  Position: { 'pt-BR': 'Posição', en: 'Position' },
  Status: { 'pt-BR': 'Situação', en: 'Status' },
  Version: { 'pt-BR': 'Versão', en: 'Version' },
  CreatorName: { 'pt-BR': 'Criado por', en: 'Created by' },
  ModifierName: { 'pt-BR': 'Alterado por', en: 'Modified by' },
};

/** Only Title and Position can be written (WRITABLE_SYSTEM_FIELD_KEYS); the others are shown read-only. */
const WRITABLE = new Set(['Title', 'Position']);

/** A field definition for a system key bound by a form component, or undefined for an unknown key. */
export function systemFieldDefinition(key: string): FieldDefinition | undefined {
  const label = SYSTEM_FIELD_LABELS[key];
  if (!label) return undefined;
  return FieldDefinitionSchema.parse({
    key,
    type: key === 'Position' || key === 'Version' ? 'INTEGER' : 'STRING',
    label,
    required: key === 'Title',
  });
}

export function isWritableSystemField(key: string): boolean {
  return WRITABLE.has(key);
}
