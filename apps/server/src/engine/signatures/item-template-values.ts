import type { ComponentDefinition, Language } from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { formatFieldValue } from '../forms/value-format.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';

/** Date and time as the stamp and the protocol print them (Brasília time, the department's). */
export function formatDateTime(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone: 'America/Sao_Paulo',
  }).format(date);
}

/**
 * The text of `{{key}}` in a stamp or protocol template for an item: FormattedID, Title, StatusName, ActorName
 * (who stamps or signs), DateTime (now), or a field of the item as history shows it (as notify templates do).
 */
export async function itemTemplateValues(
  db: Db,
  definition: ComponentDefinition,
  item: RuntimeItemRow,
  actor: { userId: number; language: Language },
  at: Date,
): Promise<(key: string) => string> {
  const [actorRow] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
  const system: Record<string, string> = {
    FormattedID: item.formattedId,
    Title: item.title,
    StatusName: item.status ?? '',
    ActorName: actorRow?.name ?? '',
    DateTime: formatDateTime(at, actor.language),
  };
  return (key) => {
    if (key in system) return system[key] ?? '';
    const field = definition.fields.find((candidate) => candidate.key === key);
    return field ? formatFieldValue(field, item.data[key], actor.language) : '';
  };
}
