import {
  type ComponentDefinition,
  fillTemplate,
  type Language,
  localize,
  type Recipient,
  type WorkflowEffect,
} from '@der/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { EmailPayload } from '../../infra/outbox/outbox.service.ts';
import { outbox } from '../../infra/outbox/outbox.table.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { groupMembers, userGroups } from '../../modules/groups/groups.table.ts';
import { PUSH_TARGET_URL } from '../../modules/messages/messages.service.ts';
import { messages } from '../../modules/messages/messages.table.ts';
import { platformSettings } from '../../modules/platform/platform.table.ts';
import type { PushOutboxPayload } from '../../modules/push/push.service.ts';
import { pushDevices } from '../../modules/push/push.table.ts';
import { formatFieldValue } from '../forms/value-format.ts';
import type { ItemActor } from '../items/create-items.ts';
import { type RuntimeItemRow, runtimeItems } from '../items/items.table.ts';
import { runtimeItemFollowers } from '../links/followers.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { visibleItemCondition } from '../query/item-visibility.ts';
import { principalsOfFieldValue } from './user-field-values.ts';

type NotifyEffect = Extract<WorkflowEffect, { kind: 'notify' }>;

/** Push bodies are previews (as the bell's): the full text is in the message. */
const PUSH_BODY_MAX = 240;
/** Recipients whose visibility is evaluated in one statement (one column each). */
const VISIBILITY_BATCH = 50;

async function membersOfGroups(tx: Db, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await tx
    .selectDistinct({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(inArray(groupMembers.groupId, [...groupIds]));
  return rows.map((row) => row.userId);
}

async function userIdsOfRecipient(tx: Db, recipient: Recipient, item: RuntimeItemRow): Promise<number[]> {
  switch (recipient.kind) {
    case 'role':
      switch (recipient.role) {
        case 'creator':
          return item.creatorId === null ? [] : [item.creatorId];
        case 'responsible':
          return item.responsibleId === null ? [] : [item.responsibleId];
        case 'projectManager': {
          if (item.projectId === null) return [];
          const [project] = await tx
            .select({ managerId: runtimeItems.responsibleId })
            .from(runtimeItems)
            .where(eq(runtimeItems.id, item.projectId));
          return project?.managerId == null ? [] : [project.managerId];
        }
        case 'projectMember': {
          const projectId = item.projectId ?? item.id;
          const rows = await tx
            .select({ userId: runtimeProjectPermissions.userId, groupId: runtimeProjectPermissions.groupId })
            .from(runtimeProjectPermissions)
            .where(eq(runtimeProjectPermissions.projectId, projectId));
          const direct = rows.flatMap((row) => (row.userId === null ? [] : [row.userId]));
          const groups = rows.flatMap((row) => (row.groupId === null ? [] : [row.groupId]));
          return [...direct, ...(await membersOfGroups(tx, groups))];
        }
        case 'administrator': {
          const rows = await tx.select({ id: users.id }).from(users).where(eq(users.isAdministrator, true));
          return rows.map((row) => row.id);
        }
      }
      return [];
    case 'group': {
      const rows = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .innerJoin(userGroups, eq(userGroups.id, groupMembers.groupId))
        .where(sql`lower(${userGroups.name}) = lower(${recipient.group})`);
      return rows.map((row) => row.userId);
    }
    case 'field': {
      // A GROUPS field holds plain group ids; USERS plain user ids; USERS_OR_GROUPS tagged ones.
      const held = principalsOfFieldValue(item.data[recipient.field]);
      return [...held.userIds, ...(await membersOfGroups(tx, held.groupIds))];
    }
    case 'followers': {
      const rows = await tx
        .select({ userId: runtimeItemFollowers.userId })
        .from(runtimeItemFollowers)
        .where(eq(runtimeItemFollowers.itemId, item.id));
      return rows.map((row) => row.userId);
    }
    case 'responsibleGroup':
      return item.responsibleGroupId === null ? [] : membersOfGroups(tx, [item.responsibleGroupId]);
  }
}

/**
 * The active users among `userIds` who can see the item (a notification quotes the item's values, so someone
 * who cannot open it is told nothing), with their name and e-mail. One statement per batch evaluates the
 * visibility rule once per candidate on the item's row.
 */
async function activeViewers(
  tx: Db,
  itemId: number,
  userIds: readonly number[],
): Promise<Array<{ id: number; name: string; email: string }>> {
  if (userIds.length === 0) return [];
  const candidates = await tx
    .select({ id: users.id, name: users.name, email: users.email, isAdministrator: users.isAdministrator })
    .from(users)
    .where(and(inArray(users.id, [...userIds]), eq(users.disabled, false)))
    .orderBy(users.id);
  const viewers: Array<{ id: number; name: string; email: string }> = [];
  for (let start = 0; start < candidates.length; start += VISIBILITY_BATCH) {
    const batch = candidates.slice(start, start + VISIBILITY_BATCH);
    const columns = Object.fromEntries(
      batch.map((candidate, index) => [
        `v${index}`,
        sql<boolean>`coalesce(${visibleItemCondition({ userId: candidate.id, isAdministrator: candidate.isAdministrator })}, false)`,
      ]),
    );
    const [row] = await tx.select(columns).from(runtimeItems).where(eq(runtimeItems.id, itemId));
    if (!row) return [];
    batch.forEach((candidate, index) => {
      if (row[`v${index}`] === true)
        viewers.push({ id: candidate.id, name: candidate.name, email: candidate.email });
    });
  }
  return viewers;
}

/** The language notifications are written in: the platform's (users keep no language of their own). */
async function platformLanguage(tx: Db): Promise<Language> {
  const [row] = await tx
    .select({ language: platformSettings.defaultLanguage })
    .from(platformSettings)
    .limit(1);
  return row?.language === 'en' ? 'en' : 'pt-BR';
}

/** The text of `{{key}}` for the item: a field's value as history shows it, a system value, or the actor's name. */
async function templateValues(
  tx: Db,
  component: ComponentDefinition,
  item: RuntimeItemRow,
  actor: ItemActor,
  language: Language,
): Promise<(key: string) => string> {
  const ids = [actor.userId, ...(item.responsibleId === null ? [] : [item.responsibleId])];
  const names = new Map(
    (await tx.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))).map(
      (row) => [row.id, row.name],
    ),
  );
  const status = component.workflow?.statuses.find((candidate) => candidate.key === item.status);
  const system: Record<string, string> = {
    ActorName: names.get(actor.userId) ?? '',
    FormattedID: item.formattedId,
    Title: item.title,
    StatusName: status ? localize(status.name, language) : (item.status ?? ''),
    Reason: item.reason ?? '',
    ResponsibleName: item.responsibleId === null ? '' : (names.get(item.responsibleId) ?? ''),
  };
  return (key) => {
    if (key in system) return system[key]!;
    const field = component.fields.find((candidate) => candidate.key === key);
    return field ? formatFieldValue(field, item.data[key], language) : '';
  };
}

function preview(text: string): string {
  return text.length <= PUSH_BODY_MAX ? text : `${text.slice(0, PUSH_BODY_MAX - 1)}…`;
}

/**
 * Runs a notify effect inside the save's transaction: the recipients (but the actor) who can see the item get
 * a message in the bell with a web push ('message'), a web push alone ('push') and an e-mail ('email'), all
 * written to the messages table and the outbox — so a save that rolls back tells nobody.
 */
export async function runNotify(
  tx: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  item: RuntimeItemRow,
  effect: NotifyEffect,
  now: Date,
): Promise<void> {
  const wanted = new Set<number>();
  for (const recipient of effect.recipients)
    for (const id of await userIdsOfRecipient(tx, recipient, item)) wanted.add(id);
  wanted.delete(actor.userId);
  const recipients = await activeViewers(tx, item.id, [...wanted]);
  if (recipients.length === 0) return;

  const language = await platformLanguage(tx);
  const textOf = await templateValues(tx, component, item, actor, language);
  const subject = fillTemplate(localize(effect.subject, language), textOf);
  const message = fillTemplate(localize(effect.message, language), textOf);
  const channels = new Set(effect.channels);
  const ids = recipients.map((recipient) => recipient.id);

  if (channels.has('message'))
    await tx
      .insert(messages)
      .values(ids.map((userId) => ({ userId, title: subject, messageText: message, createdAt: now })));
  if (channels.has('message') || channels.has('push')) {
    const devices = await tx
      .select({ id: pushDevices.id })
      .from(pushDevices)
      .where(inArray(pushDevices.userId, ids));
    if (devices.length > 0)
      await tx.insert(outbox).values(
        devices.map((device) => {
          const payload: PushOutboxPayload = {
            deviceId: device.id,
            title: subject,
            body: preview(message),
            url: PUSH_TARGET_URL,
          };
          return { kind: 'push' as const, payload: { ...payload } };
        }),
      );
  }
  if (channels.has('email'))
    await tx.insert(outbox).values(
      recipients.map((recipient) => {
        const payload: EmailPayload = {
          to: recipient.email,
          template: 'workflowNotification',
          language,
          data: JSON.stringify({ name: recipient.name, subject, message }),
          sealed: false,
        };
        // The worker gives the row its Message-ID before the first attempt (outbox.table.ts).
        return { kind: 'email' as const, payload: { ...payload } };
      }),
    );
}
