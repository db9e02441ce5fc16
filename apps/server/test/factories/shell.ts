import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/infra/db/database.ts';
import {
  type ApplicationRow,
  applicationGrants,
  applicationMenuItems,
  applications,
} from '../../src/modules/applications/applications.table.ts';
import { groupMembers, userGroups } from '../../src/modules/groups/groups.table.ts';
import { type MessageRow, messages } from '../../src/modules/messages/messages.table.ts';
import { pushDevices } from '../../src/modules/push/push.table.ts';

/** An application with a unique name; override any column. */
export async function buildApplication(
  db: Db,
  overrides: Partial<typeof applications.$inferInsert> = {},
): Promise<ApplicationRow> {
  const [row] = await db
    .insert(applications)
    .values({ name: `Aplicação ${randomUUID().slice(0, 8)}`, iconName: 'Apps', ...overrides })
    .returning();
  return row!;
}

export type MenuItemInput = Omit<typeof applicationMenuItems.$inferInsert, 'applicationId' | 'id'>;

export async function buildMenuItems(db: Db, applicationId: number, items: MenuItemInput[]): Promise<void> {
  await db.insert(applicationMenuItems).values(items.map((item) => ({ applicationId, ...item })));
}

export async function grantApplication(
  db: Db,
  applicationId: number,
  grantee: { userId: number } | { groupId: number },
): Promise<void> {
  await db.insert(applicationGrants).values({ applicationId, ...grantee });
}

/** A group with a unique name (unless given) and the given members. */
export async function buildGroup(
  db: Db,
  options: { name?: string; memberIds?: number[] } = {},
): Promise<{ id: number; name: string }> {
  const [row] = await db
    .insert(userGroups)
    .values({ name: options.name ?? `Grupo ${randomUUID().slice(0, 8)}` })
    .returning({ id: userGroups.id, name: userGroups.name });
  if (options.memberIds?.length) {
    await db.insert(groupMembers).values(options.memberIds.map((userId) => ({ groupId: row!.id, userId })));
  }
  return row!;
}

export async function buildMessage(
  db: Db,
  userId: number,
  overrides: Partial<typeof messages.$inferInsert> = {},
): Promise<MessageRow> {
  const [row] = await db
    .insert(messages)
    .values({ userId, title: 'Aviso', messageText: 'Texto do aviso', ...overrides })
    .returning();
  return row!;
}

/** A push device row (keys need not be real unless something is sent to it). */
export async function buildPushDevice(
  db: Db,
  userId: number,
  overrides: Partial<typeof pushDevices.$inferInsert> = {},
) {
  const [row] = await db
    .insert(pushDevices)
    .values({
      userId,
      endpoint: `https://push.example.com/send/${randomUUID()}`,
      p256dh: 'BPlaceholderKey',
      auth: 'placeholder',
      ...overrides,
    })
    .returning();
  return row!;
}
