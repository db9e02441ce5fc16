import type { Message } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { GroupsService } from '../groups/groups.service.ts';
import type { PushService } from '../push/push.service.ts';
import type { MessagesRepo } from './messages.repo.ts';

/** The bell shows recent messages; older ones beyond this are not listed (they stay until deleted). */
export const MESSAGES_LIST_LIMIT = 200;
/** Where a push notification leads when clicked: the application chooser, whose bell lists the message. */
export const PUSH_TARGET_URL = '/app';
/** Push bodies are short previews; the full text is in the bell. */
const PUSH_BODY_MAX = 240;

export interface SendMessageInput {
  userIds?: readonly number[];
  groupIds?: readonly number[];
  title: string;
  messageText: string;
}

function preview(text: string): string {
  return text.length <= PUSH_BODY_MAX ? text : `${text.slice(0, PUSH_BODY_MAX - 1)}…`;
}

export function createMessageService(deps: {
  repo: MessagesRepo;
  groups: GroupsService;
  push: PushService;
  now: () => Date;
}) {
  const { repo } = deps;
  return {
    async listMessages(userId: number): Promise<Message[]> {
      const rows = await repo.listOfUser(userId, MESSAGES_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        messageText: row.messageText,
        creationDate: row.createdAt.toISOString(),
        readed: row.readed,
      }));
    },

    countUnread: (userId: number) => repo.countUnread(userId),
    markRead: (userId: number, ids: readonly number[] | 'all') => repo.markRead(userId, ids),
    remove: (userId: number, ids: readonly number[] | 'all') => repo.remove(userId, ids),

    /**
     * Sends a message to users and to the members of groups (each person once; unknown or disabled users are
     * skipped), and queues a push to every device of each recipient — all in the caller's transaction.
     */
    async send(tx: Db, input: SendMessageInput): Promise<{ recipients: number[]; pushes: number }> {
      const members = await deps.groups.listUserIdsOfGroups(tx, input.groupIds ?? []);
      const wanted = [...new Set([...(input.userIds ?? []), ...members])];
      const recipients = await repo.listActiveUserIds(tx, wanted);
      await repo.insertForUsers(tx, recipients, {
        title: input.title,
        messageText: input.messageText,
        createdAt: deps.now(),
      });
      const pushes = await deps.push.enqueueForUsers(tx, recipients, {
        title: input.title,
        body: preview(input.messageText),
        url: PUSH_TARGET_URL,
      });
      return { recipients, pushes };
    },
  };
}
export type MessageService = ReturnType<typeof createMessageService>;
