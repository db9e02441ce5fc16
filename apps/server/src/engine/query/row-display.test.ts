import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  grantProject,
  importQueryTestDefinition,
  insertItems,
} from '../../../test/fixtures/query-test-fixture.ts';
import { fetchRows } from './list-query.ts';
import { createListingService } from './listing.service.ts';
import { type DisplayContext, displayRows, newDisplayCache } from './row-display.ts';

const BASE = 700;
const PROJECT = BASE + 1;
const ITEM = BASE + 2;

describe('row display with a lookup cache (an export batch after batch)', () => {
  let app: FastifyInstance;
  let context: (viewerId: number) => Promise<DisplayContext>;
  let itemIds: number[];
  let memberId: number;
  let outsiderId: number;
  let analystId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importQueryTestDefinition(app, BASE);
    const [analyst, member, outsider] = await Promise.all([
      buildUser(db, { name: 'Ana Gerente' }),
      buildUser(db, { name: 'Bruno Membro' }),
      buildUser(db, { name: 'Davi Fora' }),
    ]);
    [analystId, memberId, outsiderId] = [analyst!.id, member!.id, outsider!.id];
    const [project] = (await insertItems(db, [
      { componentId: PROJECT, title: 'Projeto Cache', responsibleId: analystId },
    ])) as [number];
    await grantProject(db, project, { userId: memberId });
    itemIds = await insertItems(
      db,
      [1, 2, 3].map((n) => ({
        componentId: ITEM,
        projectId: project,
        title: `Item ${n}`,
        creatorId: analystId,
        // The outsider is named by the item, so sees it, but not its project.
        responsibleId: outsiderId,
        data: { n, u: analystId },
      })),
    );
    const component = await createListingService({ db }).loadComponent(
      { userId: 0, isAdministrator: true },
      ITEM,
    );
    context = async (viewerId) => ({
      db,
      viewer: { userId: viewerId, isAdministrator: false },
      language: 'pt-BR',
      component: component.definition,
      fields: component.definition.fields,
    });
  });
  afterAll(() => app.close());

  it('shows the same rows and users from the cache as from the database', async () => {
    const rows = await fetchRows(app.database.db, itemIds);
    const uncached = await displayRows(await context(memberId), rows);
    const cached = { ...(await context(memberId)), cache: newDisplayCache() };
    const first = await displayRows(cached, rows.slice(0, 2));
    const second = await displayRows(cached, rows.slice(2));
    expect([...first.rows, ...second.rows]).toEqual(uncached.rows);
    // Users the second batch names come from the cache, and are still answered with it.
    expect(second.users).toEqual(uncached.users);
    expect(second.rows[0]!.ProjectName).toBe('Projeto Cache');
    expect(second.rows[0]!.ProjectManager).toBe('Ana Gerente');
    expect(second.rows[0]!.display.u).toEqual([{ id: analystId, text: 'Ana Gerente', color: null }]);
  });

  it('remembers an item the viewer may not see as not shown', async () => {
    const rows = await fetchRows(app.database.db, itemIds);
    const cached = { ...(await context(outsiderId)), cache: newDisplayCache() };
    for (const batch of [rows.slice(0, 1), rows.slice(1)]) {
      const { rows: shown } = await displayRows(cached, batch);
      expect(shown.map((row) => row.ProjectName)).toEqual(batch.map(() => null));
      expect(shown.map((row) => row.ResponsibleName)).toEqual(batch.map(() => 'Davi Fora'));
    }
  });
});
