import type { ComponentDefinition, LocalizedText, Recipient, WorkflowEffect } from '@der/contracts';
import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { groupMembers, userGroups } from '../../modules/groups/groups.table.ts';
import { findActiveComponent } from '../definitions/components.repo.ts';
import type { ItemActor } from '../items/create-items.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { runNotify } from '../workflow/notify.ts';
import { slaOf } from './item-deadline.ts';

type NotifyEffect = Extract<WorkflowEffect, { kind: 'notify' }>;

/** Items reminded per transaction: a backlog (a server down over a deadline) is worked off in short ones. */
export const SWEEP_BATCH_ROWS = 100;

/**
 * Nobody runs the sweep: no user is left out of its recipients as the actor of an action would be, and
 * {{ActorName}} is empty. Administrator rights are not used (the recipients' own visibility is checked).
 */
const SWEEPER: ItemActor = { userId: 0, isAdministrator: false, language: 'pt-BR' };

const DUE_FORMAT = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** 'DD/MM/YYYY HH:mm' in São Paulo, as the platform writes dates in both languages (domain.md). */
function dueText(dueAt: Date): string {
  return DUE_FORMAT.format(dueAt).replace(',', '');
}

function warningTexts(due: string): Pick<NotifyEffect, 'subject' | 'message'> {
  return {
    subject: {
      'pt-BR': `Prazo de {{FormattedID}} vence em ${due}`,
      en: `{{FormattedID}} is due on ${due}`,
    },
    message: {
      'pt-BR': `{{FormattedID}} – {{Title}} ({{StatusName}}) deve ser tratado até ${due}.`,
      en: `{{FormattedID}} – {{Title}} ({{StatusName}}) must be dealt with by ${due}.`,
    },
  };
}

function escalationTexts(due: string, hasResponsible: boolean): Pick<NotifyEffect, 'subject' | 'message'> {
  // A queue's item has nobody to name: the sentence is left out rather than ending empty.
  const who = hasResponsible
    ? { 'pt-BR': ' Responsável: {{ResponsibleName}}.', en: ' Responsible: {{ResponsibleName}}.' }
    : { 'pt-BR': '', en: '' };
  return {
    subject: { 'pt-BR': 'Prazo vencido: {{FormattedID}}', en: 'Overdue: {{FormattedID}}' },
    message: {
      'pt-BR': `{{FormattedID}} – {{Title}} passou do prazo de ${due} em {{StatusName}}.${who['pt-BR']}`,
      en: `{{FormattedID}} – {{Title}} passed its deadline of ${due} in {{StatusName}}.${who.en}`,
    },
  } satisfies Record<'subject' | 'message', LocalizedText>;
}

/** The warning goes to the responsible, or to the queue's members while only a group holds the item. */
function warningRecipients(item: RuntimeItemRow): Recipient[] {
  if (item.responsibleId !== null) return [{ kind: 'role', role: 'responsible' }];
  return item.responsibleGroupId !== null ? [{ kind: 'responsibleGroup' }] : [];
}

/**
 * The escalation goes to the status's configured group; without one to the group whose queue holds the item,
 * else to the groups of its responsible.
 */
async function escalationRecipients(
  tx: Db,
  component: ComponentDefinition,
  item: RuntimeItemRow,
): Promise<Recipient[]> {
  const configured = slaOf(component, item.status)?.escalateToGroup;
  if (configured) return [{ kind: 'group', group: configured }];
  if (item.responsibleGroupId !== null) return [{ kind: 'responsibleGroup' }];
  if (item.responsibleId === null) return [];
  const groups = await tx
    .select({ name: userGroups.name })
    .from(groupMembers)
    .innerJoin(userGroups, eq(userGroups.id, groupMembers.groupId))
    .where(eq(groupMembers.userId, item.responsibleId));
  return groups.map((group) => ({ kind: 'group', group: group.name }));
}

type Reminder = 'warning' | 'escalation';

/**
 * One batch of one kind of reminder in its own transaction: the items whose time came and whose reminder was
 * not sent are locked (SKIP LOCKED: instances on one database share the work, none sends one twice), told
 * through the workflow's notify (bell, web push, e-mail through the outbox) and marked. Answers how many.
 */
async function remindBatch(db: Db, reminder: Reminder, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const [at, sentAt] =
      reminder === 'warning'
        ? [runtimeItems.dueSoonAt, runtimeItems.warnedAt]
        : [runtimeItems.dueAt, runtimeItems.escalatedAt];
    const items = await tx
      .select()
      .from(runtimeItems)
      .where(and(isNotNull(at), lte(at, now), isNull(sentAt)))
      .orderBy(asc(at))
      .limit(SWEEP_BATCH_ROWS)
      .for('update', { skipLocked: true });
    const components = new Map<number, ComponentDefinition | null>();
    for (const item of items) {
      if (!components.has(item.componentId))
        components.set(item.componentId, await findActiveComponent(tx, item.componentId));
      const component = components.get(item.componentId);
      // An item already overdue when first swept (a server down meanwhile) gets the escalation, not a warning.
      const late = reminder === 'warning' && item.dueAt !== null && item.dueAt <= now;
      if (component && item.dueAt && !late) {
        const due = dueText(item.dueAt);
        const recipients =
          reminder === 'warning' ? warningRecipients(item) : await escalationRecipients(tx, component, item);
        if (recipients.length > 0)
          await runNotify(
            tx,
            SWEEPER,
            component,
            item,
            {
              kind: 'notify',
              recipients,
              ...(reminder === 'warning'
                ? warningTexts(due)
                : escalationTexts(due, item.responsibleId !== null)),
              channels: ['message', 'email'],
            },
            now,
          );
      }
      await tx
        .update(runtimeItems)
        .set(
          reminder === 'warning' ? { warnedAt: now } : { warnedAt: item.warnedAt ?? now, escalatedAt: now },
        )
        .where(eq(runtimeItems.id, item.id));
    }
    return items.length;
  });
}

/**
 * The deadline round (the housekeeper runs it): warns once when an item becomes due soon and escalates once
 * when its deadline passes (engine/deadlines/item-deadline.ts sets both times when it enters a status with an
 * SLA, and clears the marks). The item's row and version are not touched: a reminder is no change of the item.
 */
export async function sweepDeadlines(
  db: Db,
  now: Date,
): Promise<{ dueWarnings: number; dueEscalations: number }> {
  let dueEscalations = 0;
  for (let count = SWEEP_BATCH_ROWS; count === SWEEP_BATCH_ROWS; dueEscalations += count)
    count = await remindBatch(db, 'escalation', now);
  let dueWarnings = 0;
  for (let count = SWEEP_BATCH_ROWS; count === SWEEP_BATCH_ROWS; dueWarnings += count)
    count = await remindBatch(db, 'warning', now);
  return { dueWarnings, dueEscalations };
}
