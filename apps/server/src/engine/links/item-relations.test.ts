import type { ComponentDefinitionInput } from '@der/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import {
  buildComponents,
  buildItem,
  buildPeople,
  grantProjectAccess,
} from '../../../test/factories/runtime.ts';
import { testComponents } from '../../../test/fixtures/test-definition.ts';
import { bearer } from '../../../test/helpers/auth.ts';
import { messages } from '../../modules/messages/messages.table.ts';
import type { ItemActor } from '../items/items.service.ts';
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';
import { runtimeProjectPermissions } from '../projects/project-permissions.table.ts';
import { FREE_LINK_RELATION, runtimeItemLinks } from './links.table.ts';

const BASE = 970;
const PROJECT = BASE + 1;
const TASK = BASE + 2;
const FORM = 9701;
const NOW = new Date('2026-03-10T15:00:00.000Z');

const label = (pt: string, en: string) => ({ 'pt-BR': pt, en });

/** The test project and a task component with a coloured workflow and a form of the three widgets. */
function components(): ComponentDefinitionInput[] {
  const [project, task] = testComponents(BASE);
  return [
    project!,
    {
      ...task!,
      workflow: {
        statuses: [
          { key: 'aFazer', name: label('A fazer', 'To do'), color: '#1E88E5', initial: true },
          { key: 'feito', name: label('Feito', 'Done'), color: '#43A047', final: true },
        ],
        actions: [],
      },
      forms: [
        {
          id: FORM,
          name: label('Tarefa', 'Task'),
          layout: [
            { type: 'textbox', field: 'nome' },
            { type: 'itemLinks' },
            { type: 'predecessorActivities' },
            { type: 'notifications' },
          ],
        },
      ],
    },
  ];
}

type Who = 'owner' | 'colleague' | 'reader' | 'stranger' | 'admin';
let app: FastifyInstance;
const people = {} as Record<Who, { id: number; token: string; name: string }>;
/** t1–t4: tasks of project p1; x1: a task of p2 (only the stranger and the administrator see it). */
const ids = {} as Record<'p1' | 'p2' | 't1' | 't2' | 't3' | 't4' | 'x1', number>;

const actorOf = (who: Who): ItemActor => ({
  userId: people[who].id,
  isAdministrator: who === 'admin',
  language: 'pt-BR',
});

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  Object.assign(
    people,
    await buildPeople(app, ['owner', 'colleague', 'reader', 'stranger', 'admin'], {
      admin: { isAdministrator: true },
    }),
  );
  await buildComponents(app, BASE, { components: components() });
  const admin = actorOf('admin');
  const make = async (input: Parameters<typeof buildItem>[2]) => (await buildItem(db, admin, input)).id;
  ids.p1 = await make({ componentId: PROJECT, title: 'Projeto 1' });
  ids.p2 = await make({ componentId: PROJECT, title: 'Projeto 2' });
  await grantProjectAccess(db, ids.p1, [
    { userId: people.owner.id },
    { userId: people.colleague.id },
    { userId: people.reader.id, readOnly: true },
  ]);
  await grantProjectAccess(db, ids.p2, [{ userId: people.stranger.id }]);
  const task = (title: string, projectId: number) =>
    make({ componentId: TASK, projectId, title, data: { nome: title } });
  ids.t1 = await task('Fundação', ids.p1);
  ids.t2 = await task('Estrutura', ids.p1);
  ids.t3 = await task('Cobertura', ids.p1);
  ids.t4 = await task('Acabamento', ids.p1);
  ids.x1 = await task('Alheia', ids.p2);
  await db.update(runtimeItems).set({ status: 'feito' }).where(eq(runtimeItems.id, ids.t1));
});
afterAll(() => app.close());

const post = (path: string, who: Who, payload: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: `/api/genericItem/${path}`,
    headers: { ...bearer(people[who].token), 'accept-language': language },
    payload,
  });
const versionOf = async (itemId: number) => {
  const [row] = await app.database.db
    .select({ version: runtimeItems.version })
    .from(runtimeItems)
    .where(eq(runtimeItems.id, itemId));
  return row!.version;
};
const freeLinks = () =>
  app.database.db
    .select({ id: runtimeItemLinks.id, from: runtimeItemLinks.fromItemId, to: runtimeItemLinks.toItemId })
    .from(runtimeItemLinks)
    .where(eq(runtimeItemLinks.relation, FREE_LINK_RELATION));
const messagesOf = (who: Who) =>
  app.database.db
    .select({ title: messages.title, text: messages.messageText })
    .from(messages)
    .where(eq(messages.userId, people[who].id))
    .orderBy(desc(messages.id));

describe('free links', () => {
  it('links an item in a new version of it, and does not link the same two items twice', async () => {
    const before = await versionOf(ids.t1);
    const response = await post('saveItemLink', 'owner', { itemId: ids.t1, linkedItemId: ids.t2 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.saved.version).toBe(before + 1);
    expect(body.links).toMatchObject([{ direction: 'outgoing', item: { id: ids.t2, title: 'Estrutura' } }]);
    const [version] = await app.database.db
      .select({ changes: runtimeItemVersions.changes })
      .from(runtimeItemVersions)
      .where(and(eq(runtimeItemVersions.itemId, ids.t1), eq(runtimeItemVersions.version, before + 1)));
    expect(version?.changes).toEqual({ itemLinks: { from: '', to: expect.stringMatching(/^PED-/) } });

    // Again, and from the other side: answered as it is, nothing written.
    const again = await post('saveItemLink', 'owner', { itemId: ids.t1, linkedItemId: ids.t2 });
    expect(again.json().saved.version).toBe(before + 1);
    const reverse = await post('saveItemLink', 'owner', { itemId: ids.t2, linkedItemId: ids.t1 });
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json().links).toMatchObject([{ direction: 'incoming', item: { id: ids.t1 } }]);
    expect((await freeLinks()).length).toBe(1);
  });

  it('refuses items the user does not see (404), a read-only member (403) and a link to itself (400)', async () => {
    expect((await post('saveItemLink', 'owner', { itemId: ids.t1, linkedItemId: ids.x1 })).statusCode).toBe(
      404,
    );
    expect((await post('saveItemLink', 'owner', { itemId: ids.x1, linkedItemId: ids.t1 })).statusCode).toBe(
      404,
    );
    const reader = await post('saveItemLink', 'reader', { itemId: ids.t1, linkedItemId: ids.t3 });
    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toMatchObject({
      code: 'ITEM_EDIT_FORBIDDEN',
      Message: 'O usuário não tem permissão para editar o item.',
    });
    const self = await post('saveItemLink', 'owner', { itemId: ids.t1, linkedItemId: ids.t1 }, 'en');
    expect(self.statusCode).toBe(400);
    expect(self.json().details).toEqual([
      { field: 'linkedItemId', message: 'An item cannot be linked to itself' },
    ]);
    const stale = await post('saveItemLink', 'owner', { itemId: ids.t1, linkedItemId: ids.t3, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await freeLinks()).length).toBe(1);
  });

  it('removes a link of either direction, never one whose other item the user does not see', async () => {
    await post('saveItemLink', 'admin', { itemId: ids.t3, linkedItemId: ids.x1 });
    const hidden = (await freeLinks()).find((link) => link.to === ids.x1)!;
    expect((await post('deleteItemLink', 'owner', { itemId: ids.t3, linkId: hidden.id })).statusCode).toBe(
      404,
    );
    // The owner does not even see that link.
    expect((await post('loadItemLinksFormData', 'owner', { itemId: ids.t3 })).json().links).toEqual([]);

    const link = (await freeLinks()).find((row) => row.to === ids.t2)!;
    expect((await post('deleteItemLink', 'reader', { itemId: ids.t2, linkId: link.id })).statusCode).toBe(
      403,
    );
    // A link that is not the item's answers like an unknown one.
    expect((await post('deleteItemLink', 'owner', { itemId: ids.t3, linkId: link.id })).statusCode).toBe(404);
    const before = await versionOf(ids.t2);
    const removed = await post('deleteItemLink', 'owner', { itemId: ids.t2, linkId: link.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ saved: { version: before + 1 }, links: [] });
    expect((await freeLinks()).map((row) => row.to)).toEqual([ids.x1]);
  });

  it('searches the items the user sees, never the item itself; predecessors only in its project', async () => {
    const search = async (who: Who, relation: string, text?: string) => {
      const response = await post('searchLinkableItems', who, { itemId: ids.t1, relation, search: text });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().items.map((item: { title: string }) => item.title);
    };
    expect(await search('owner', 'link')).toEqual(['Acabamento', 'Cobertura', 'Estrutura', 'Projeto 1']);
    expect(await search('owner', 'link', 'ura')).toEqual(['Cobertura', 'Estrutura']);
    expect(await search('admin', 'link')).toContain('Alheia');
    expect(await search('admin', 'predecessor')).toEqual(['Acabamento', 'Cobertura', 'Estrutura']);
    expect(
      (await post('searchLinkableItems', 'stranger', { itemId: ids.t1, relation: 'link' })).statusCode,
    ).toBe(404);
  });
});

describe('predecessor activities', () => {
  it('sets the predecessors in a new version and lists them with their statuses and colours', async () => {
    const before = await versionOf(ids.t3);
    const saved = await post('savePredecessorActivities', 'owner', {
      itemId: ids.t3,
      version: before,
      predecessorIds: [ids.t1, ids.t2],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().saved.version).toBe(before + 1);
    const loaded = await post('loadPredecessorActivities', 'reader', { itemId: ids.t3 }, 'en');
    expect(loaded.statusCode).toBe(200);
    const rows = loaded
      .json()
      .predecessors.map(
        (row: { item: { id: number }; statusName: string; statusColor: string; finished: boolean }) => [
          row.item.id,
          row.statusName,
          row.statusColor,
          row.finished,
        ],
      );
    expect(rows).toEqual(
      expect.arrayContaining([
        [ids.t1, 'Done', '#43A047', true],
        [ids.t2, 'To do', '#1E88E5', false],
      ]),
    );
    expect((await post('loadPredecessorActivities', 'stranger', { itemId: ids.t3 })).statusCode).toBe(404);
  });

  it('refuses a cycle, direct or through a chain (400 naming the id)', async () => {
    // t3 needs t1 and t2. t1 needing t3 closes t1 → t3 → t1.
    const direct = await post('savePredecessorActivities', 'owner', {
      itemId: ids.t1,
      predecessorIds: [ids.t3],
    });
    expect(direct.statusCode).toBe(400);
    expect(direct.json().details).toEqual([
      {
        field: 'predecessorIds.0',
        message: 'Esta predecessora criaria um ciclo: ela já depende desta atividade',
      },
    ]);
    // t4 needs t3; t1 needing t4 closes t1 → t4 → t3 → t1.
    expect(
      (await post('savePredecessorActivities', 'owner', { itemId: ids.t4, predecessorIds: [ids.t3] }))
        .statusCode,
    ).toBe(200);
    const chain = await post('savePredecessorActivities', 'owner', {
      itemId: ids.t1,
      predecessorIds: [ids.t2, ids.t4],
    });
    expect(chain.statusCode).toBe(400);
    expect(chain.json().details.map((detail: { field: string }) => detail.field)).toEqual([
      'predecessorIds.1',
    ]);
    expect(
      (await post('loadPredecessorActivities', 'owner', { itemId: ids.t1 })).json().predecessors,
    ).toEqual([]);
  });

  it('refuses the item itself, another project (400), an item not seen (404) and a read-only member (403)', async () => {
    const refused = await post('savePredecessorActivities', 'admin', {
      itemId: ids.t2,
      predecessorIds: [ids.t2, ids.x1, ids.t1],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'predecessorIds.0', message: 'Uma atividade não pode ser predecessora dela mesma' },
      { field: 'predecessorIds.1', message: 'A predecessora deve ser do mesmo projeto' },
    ]);
    expect(
      (await post('savePredecessorActivities', 'owner', { itemId: ids.t2, predecessorIds: [ids.x1] }))
        .statusCode,
    ).toBe(404);
    const reader = await post('savePredecessorActivities', 'reader', {
      itemId: ids.t2,
      predecessorIds: [ids.t1],
    });
    expect(reader.statusCode).toBe(403);
    expect(reader.json().code).toBe('ITEM_EDIT_FORBIDDEN');
  });

  it('removes the predecessors left out of the set', async () => {
    const removed = await post('savePredecessorActivities', 'owner', {
      itemId: ids.t3,
      predecessorIds: [ids.t2],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().predecessors.map((row: { item: { id: number } }) => row.item.id)).toEqual([ids.t2]);
  });
});

describe('item notifications', () => {
  let itemId: number;

  it('makes the creator of an item a follower', async () => {
    const created = await post('saveItem', 'owner', {
      componentId: TASK,
      formId: FORM,
      projectId: ids.p1,
      values: { nome: 'Pintura' },
    });
    expect(created.statusCode, created.body).toBe(200);
    itemId = created.json().saved.id;
    const loaded = await post('loadItemNotifications', 'owner', { itemId });
    expect(loaded.json()).toEqual({
      following: true,
      followers: [{ userId: people.owner.id, name: people.owner.name }],
    });
  });

  it('lets users who see the item follow and unfollow it', async () => {
    expect((await post('setItemNotification', 'stranger', { itemId, follow: true })).statusCode).toBe(404);
    const followed = await post('setItemNotification', 'reader', { itemId, follow: true });
    expect(followed.statusCode).toBe(200);
    expect(followed.json().following).toBe(true);
    expect(
      followed
        .json()
        .followers.map((row: { userId: number }) => row.userId)
        .sort(),
    ).toEqual([people.owner.id, people.reader.id].sort());
    // Following twice is harmless; unfollowing leaves the others.
    await post('setItemNotification', 'colleague', { itemId, follow: true });
    await post('setItemNotification', 'colleague', { itemId, follow: true });
    const left = await post('setItemNotification', 'colleague', { itemId, follow: false });
    expect(left.json().following).toBe(false);
    expect(left.json().followers).toHaveLength(2);
  });

  it('tells every follower but the one who saved, only while they still see the item', async () => {
    const before = { owner: (await messagesOf('owner')).length, reader: (await messagesOf('reader')).length };
    const save = async (version: number) =>
      post('saveItem', 'colleague', {
        componentId: TASK,
        formId: FORM,
        itemId,
        version,
        values: { nome: `v${version}` },
      });
    const saved = await save(await versionOf(itemId));
    expect(saved.statusCode, saved.body).toBe(200);
    const formattedId = saved.json().saved.formattedId;
    const ownerMessages = await messagesOf('owner');
    expect(ownerMessages.length).toBe(before.owner + 1);
    expect(ownerMessages[0]).toEqual({
      title: `${formattedId} foi alterado`,
      text: `${people.colleague.name} alterou o item ${formattedId}, que você segue.`,
    });
    expect((await messagesOf('reader')).length).toBe(before.reader + 1);

    // The reader loses access to the project; the owner saves: nobody is told (the owner saved it).
    await app.database.db
      .delete(runtimeProjectPermissions)
      .where(
        and(
          eq(runtimeProjectPermissions.projectId, ids.p1),
          eq(runtimeProjectPermissions.userId, people.reader.id),
        ),
      );
    const colleagueBefore = (await messagesOf('colleague')).length;
    await post('setItemNotification', 'colleague', { itemId, follow: true });
    const ownSave = await post('saveItem', 'owner', {
      componentId: TASK,
      formId: FORM,
      itemId,
      version: await versionOf(itemId),
      values: { nome: 'final' },
    });
    expect(ownSave.statusCode, ownSave.body).toBe(200);
    expect((await messagesOf('owner')).length).toBe(before.owner + 1);
    expect((await messagesOf('reader')).length).toBe(before.reader + 1);
    expect((await messagesOf('colleague')).length).toBe(colleagueBefore + 1);
  });
});
