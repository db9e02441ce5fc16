import { CURRENT_USER, type ExecuteFilterBody, type ExecuteFilterResult, type ListRow } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import {
  grantProject,
  importQueryTestDefinition,
  insertItems,
} from '../../../test/fixtures/query-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { companies } from '../../modules/companies/companies.table.ts';
import { groupMembers, userGroups } from '../../modules/groups/groups.table.ts';
import { organizationalUnits } from '../../modules/organizational-units/organizational-units.table.ts';

const BASE = 900;
const PROJECT = BASE + 1;
const ITEM = BASE + 2;

describe('listing calls (spec §7.6)', () => {
  let app: FastifyInstance;
  let adminToken: string;
  let memberToken: string;
  let groupMemberToken: string;
  let outsiderToken: string;
  let outsiderId: number;
  let memberId: number;
  let projectA: number;
  let projectB: number;
  let companyId: number;
  const itemsOfA: number[] = [];
  const itemsOfB: number[] = [];

  const post = (url: string, token: string, payload: object, language = 'en') =>
    app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': language }, payload });
  const get = (url: string, token: string, language = 'en') =>
    app.inject({ method: 'GET', url, headers: { ...bearer(token), 'accept-language': language } });
  const executeFilter = async (token: string, body: Omit<ExecuteFilterBody, 'componentID'>) => {
    const response = await post('/api/genericItem/executeFilter', token, { componentID: ITEM, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ExecuteFilterResult>();
  };
  const idsOf = (rows: ListRow[]) => rows.map((row) => row.ID);

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    await importQueryTestDefinition(app, BASE);
    const admin = await buildUser(db, { isAdministrator: true, name: 'Ana Admin' });
    const member = await buildUser(db, { name: 'Bruno Membro', avatar: 'data:image/png;base64,AAAA' });
    const groupMember = await buildUser(db, { name: 'Carla Grupo' });
    const outsider = await buildUser(db, { name: 'Davi Fora' });
    memberId = member.id;
    outsiderId = outsider.id;
    [adminToken, memberToken, groupMemberToken, outsiderToken] = (await Promise.all(
      [admin, member, groupMember, outsider].map((user) => signIn(app, user)),
    )) as [string, string, string, string];
    [projectA, projectB] = (await insertItems(db, [
      { componentId: PROJECT, title: 'Projeto A', responsibleId: admin.id },
      { componentId: PROJECT, title: 'Projeto B' },
    ])) as [number, number];
    const [company] = await db
      .insert(companies)
      .values({ cnpj: '11222333000181', name: 'Transportes X' })
      .returning();
    companyId = company!.id;
    await grantProject(db, projectA, { userId: member.id });
    const [group] = await db.insert(userGroups).values({ name: 'Equipe B' }).returning();
    await db.insert(groupMembers).values({ groupId: group!.id, userId: groupMember.id });
    await grantProject(db, projectB, { groupId: group!.id }, true);
    itemsOfA.push(
      ...(await insertItems(
        db,
        Array.from({ length: 12 }, (_, index) => ({
          componentId: ITEM,
          projectId: projectA,
          title: `Pedido A${index}`,
          status: index % 2 === 0 ? 'aberto' : 'fechado',
          responsibleId: member.id,
          data: {
            n: index,
            t: index % 3 === 0 ? 'Carga =especial' : 'normal',
            p: 'a',
            u: member.id,
            us: [member.id],
          },
        })),
      )),
    );
    itemsOfB.push(
      ...(await insertItems(
        db,
        Array.from({ length: 5 }, (_, index) => ({
          componentId: ITEM,
          projectId: projectB,
          title: `Pedido B${index}`,
          data: { n: 100 + index },
        })),
      )),
    );
  });
  afterAll(() => app.close());

  it('getListControlData answers the columns (widths of §9), saved queries and views', async () => {
    const response = await get(
      `/api/genericItem/getListControlData?componentID=${ITEM}&projectID=0`,
      adminToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json();
    expect(data.component).toMatchObject({ id: ITEM, name: `QItem${BASE}`, label: 'Item', isProject: false });
    const byName = Object.fromEntries(data.columns.map((column: { name: string }) => [column.name, column]));
    expect(byName.FormattedID).toMatchObject({
      type: 'STRING',
      visible: true,
      system: true,
      columnWidth: 300,
    });
    expect(byName.n).toMatchObject({ type: 'INTEGER', columnWidth: 150, decimals: 0, header: 'Eixos' });
    expect(byName.valor).toMatchObject({ type: 'CURRENCY', columnWidth: 200, decimals: 2 });
    expect(byName.w).toMatchObject({
      type: 'DATE_TIME',
      columnWidth: 200,
      dateTimeFormatType: 0,
      interval: 15,
    });
    expect(byName.b).toMatchObject({ type: 'BOOLEAN', columnWidth: 150 });
    expect(byName.p.items[0]).toMatchObject({ value: 'a', text: 'Opção A', color: '#FF0000' });
    expect(byName.StatusName).toMatchObject({
      type: 'ITEM_TYPE_STATUS',
      columnWidth: 250,
      filterAsList: true,
    });
    expect(byName.StatusName.items.map((item: { value: string }) => item.value)).toEqual([
      'aberto',
      'fechado',
    ]);
    expect(data.defaultSort).toEqual({ field: 'ID', sortDirection: 'desc' });
    expect(data.countCap).toBe(1000);
    // The fixture's component has no form: lists offer no edit or new button then.
    expect(data.defaultFormId).toBeNull();
  });

  it('getListControlData of a project the caller cannot see answers 404', async () => {
    const response = await get(
      `/api/genericItem/getListControlData?componentID=${ITEM}&projectID=${projectA}`,
      outsiderToken,
    );
    expect(response.statusCode).toBe(404);
    const member = await get(
      `/api/genericItem/getListControlData?componentID=${ITEM}&projectID=${projectA}`,
      memberToken,
    );
    expect(member.json().projectTitle).toBe('Projeto A');
  });

  it('executeFilter answers rows with system fields, row fields and display values', async () => {
    const result = await executeFilter(memberToken, {
      filters: [{ field: 'n', operator: 'eq', value: 2 }],
      viewColumns: ['FormattedID', 'Title', 'n', 'p', 'u', 'us', 'StatusName'],
    });
    expect(result.total).toBe(1);
    const [row] = result.rows;
    expect(row).toMatchObject({
      Title: 'Pedido A2',
      ProjectID: projectA,
      ProjectName: 'Projeto A',
      Status: 'aberto',
      StatusName: 'Aberto',
      StatusColor: '#00FF00',
      ResponsibleName: 'Bruno Membro',
      HasAttachment: false,
      HasDigitalContent: false,
      Position: 0,
      values: { n: 2, p: 'a', u: memberId, us: [memberId] },
    });
    expect(row!.display.p).toEqual([{ id: 'a', text: 'Opção A', color: '#FF0000' }]);
    expect(row!.display.u).toEqual([{ id: memberId, text: 'Bruno Membro', color: null }]);
    expect(row!.display.us).toEqual([{ id: memberId, text: 'Bruno Membro', color: null }]);
    expect(row!.values).not.toHaveProperty('t');
    expect(result.users[String(memberId)]).toEqual({
      id: memberId,
      name: 'Bruno Membro',
      avatar: 'data:image/png;base64,AAAA',
    });
  });

  it('a user of another project gets nothing of it: rows and count', async () => {
    const member = await executeFilter(memberToken, { rowsPerPage: 500 });
    expect(new Set(idsOf(member.rows))).toEqual(new Set(itemsOfA));
    expect(member.total).toBe(itemsOfA.length);
    const groupMember = await executeFilter(groupMemberToken, { rowsPerPage: 500 });
    expect(new Set(idsOf(groupMember.rows))).toEqual(new Set(itemsOfB));
    expect(groupMember.total).toBe(itemsOfB.length);
    const outsider = await executeFilter(outsiderToken, { rowsPerPage: 500 });
    expect(outsider.rows).toEqual([]);
    expect(outsider).toMatchObject({ total: 0, capped: false, nextCursor: null });
    // Even when naming the project explicitly.
    const named = await executeFilter(outsiderToken, { projectId: projectA, rowsPerPage: 500 });
    expect(named.total).toBe(0);
    const admin = await executeFilter(adminToken, { rowsPerPage: 500 });
    expect(admin.total).toBe(itemsOfA.length + itemsOfB.length);
  });

  it("the creator or responsible sees their item outside the project's members", async () => {
    const [own] = await insertItems(app.database.db, [
      { componentId: ITEM, projectId: projectA, title: 'Meu pedido', creatorId: outsiderId },
    ]);
    const outsider = await executeFilter(outsiderToken, { rowsPerPage: 500 });
    expect(idsOf(outsider.rows)).toEqual([own]);
    expect(outsider.total).toBe(1);
    // The project's title is not lent to a viewer who cannot see the project.
    expect(outsider.rows[0]!.ProjectName).toBeNull();
    itemsOfA.push(own!);
  });

  it('CURRENT_USER in a filter is the user who runs it, on fields holding users only', async () => {
    const mine = new Set(itemsOfA.slice(0, 12));
    const byCurrentUser = (field: string, operator: 'eq' | 'contains' | 'in', value: unknown) => ({
      rowsPerPage: 500,
      filters: [{ field, operator, value }],
    });
    for (const [field, operator, value] of [
      ['ResponsibleName', 'eq', CURRENT_USER],
      ['u', 'eq', CURRENT_USER],
      ['us', 'contains', CURRENT_USER],
      ['ResponsibleName', 'in', [CURRENT_USER]],
    ] as const) {
      const member = await executeFilter(memberToken, byCurrentUser(field, operator, value));
      expect(new Set(idsOf(member.rows)), field).toEqual(mine);
    }
    // The administrator sees every item, but none is theirs.
    expect(
      (await executeFilter(adminToken, byCurrentUser('ResponsibleName', 'eq', CURRENT_USER))).total,
    ).toBe(0);
    const misplaced = await post('/api/genericItem/executeFilter', memberToken, {
      componentID: ITEM,
      ...byCurrentUser('n', 'eq', CURRENT_USER),
    });
    expect(misplaced.statusCode).toBe(400);
    expect(misplaced.json().details).toEqual([{ field: 'filters.n', message: 'Invalid value' }]);
  });

  it('refuses an unknown field, naming it (never reaching SQL)', async () => {
    const response = await post('/api/genericItem/executeFilter', adminToken, {
      componentID: ITEM,
      filters: [{ field: "n'; drop table users; --", operator: 'eq', value: 1 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe("filters.n'; drop table users; --");
    const sort = await post('/api/genericItem/executeFilter', adminToken, {
      componentID: ITEM,
      sort: { field: 'nada', sortDirection: 'asc' },
    });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().details).toEqual([{ field: 'sort.nada', message: 'Unknown field' }]);
  });

  it('refuses a numeric filter with a non-number, naming the field (spec §5)', async () => {
    const response = await post(
      '/api/genericItem/executeFilter',
      adminToken,
      { componentID: ITEM, filters: [{ field: 'n', operator: 'gt', value: 'dez' }] },
      'pt-BR',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      Message: 'Dados inválidos nos campos: filters.n.',
      details: [{ field: 'filters.n', message: 'Informe apenas números' }],
    });
    const date = await post('/api/genericItem/executeFilter', adminToken, {
      componentID: ITEM,
      filters: [{ field: 'w', operator: 'lt', value: '2024-02-30' }],
    });
    expect(date.json().details).toEqual([{ field: 'filters.w', message: 'Incorrect Date' }]);
    const operator = await post('/api/genericItem/executeFilter', adminToken, {
      componentID: ITEM,
      filters: [{ field: 'b', operator: 'contains', value: 'x' }],
    });
    expect(operator.statusCode).toBe(400);
  });

  it('refuses filter trees deeper than 8 levels', async () => {
    let node: object = { field: 'n', operator: 'eq', value: 1 };
    for (let level = 0; level < 8; level += 1) node = { logicSeparator: 'AND', filters: [node] };
    const response = await post('/api/genericItem/executeFilter', adminToken, {
      componentID: ITEM,
      filters: [node],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].message).toBe('The filter has too many levels (maximum 8)');
  });

  it('text filters are case-insensitive and match wildcards literally', async () => {
    const contains = await executeFilter(adminToken, {
      filters: [{ field: 't', operator: 'contains', value: 'CARGA =' }],
    });
    expect(contains.total).toBe(4);
    const percent = await executeFilter(adminToken, {
      filters: [{ field: 't', operator: 'contains', value: '%' }],
    });
    expect(percent.total).toBe(0);
  });

  it('counts are capped', async () => {
    const db = app.database.db;
    await insertItems(
      db,
      Array.from({ length: 1005 }, (_, index) => ({
        componentId: ITEM,
        projectId: projectB,
        data: { d: index },
      })),
    );
    const admin = await executeFilter(adminToken, {
      filters: [{ field: 'd', operator: 'gte', value: 0 }],
      rowsPerPage: 10,
    });
    expect(admin).toMatchObject({ total: 1000, capped: true });
    expect(admin.nextCursor).not.toBeNull();
    const exact = await executeFilter(adminToken, { filters: [{ field: 'd', operator: 'lt', value: 999 }] });
    expect(exact).toMatchObject({ total: 999, capped: false });
  });

  it('cursor paging returns every row once, in order, with and without empty values', async () => {
    for (const sortDirection of ['asc', 'desc'] as const) {
      for (const field of ['n', 'ID', 'Title', 'ResponsibleName', 'LastModify']) {
        const sort = { field, sortDirection };
        const all = await executeFilter(memberToken, { sort, rowsPerPage: 500 });
        const seen: number[] = [];
        let after: string | undefined;
        for (let guard = 0; guard < 20; guard += 1) {
          const page = await executeFilter(memberToken, {
            sort,
            rowsPerPage: 4,
            ...(after ? { after } : {}),
          });
          seen.push(...idsOf(page.rows));
          if (!page.nextCursor) break;
          after = page.nextCursor;
        }
        expect(seen, `${field} ${sortDirection}`).toEqual(idsOf(all.rows));
        expect(new Set(seen).size).toBe(itemsOfA.length);
        // Page numbers agree with the cursor pages.
        const second = await executeFilter(memberToken, { sort, rowsPerPage: 4, page: 2 });
        expect(idsOf(second.rows)).toEqual(seen.slice(4, 8));
      }
    }
  });

  it('numeric sorts put items without a value last (asc) or first (desc)', async () => {
    const asc = await executeFilter(memberToken, {
      sort: { field: 'n', sortDirection: 'asc' },
      rowsPerPage: 500,
    });
    const values = asc.rows.map((row) => row.values.n ?? null);
    expect(values.at(-1)).toBeNull();
    expect(values.slice(0, 12)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('refuses a cursor made for another sort', async () => {
    const first = await executeFilter(memberToken, {
      sort: { field: 'n', sortDirection: 'asc' },
      rowsPerPage: 2,
    });
    const response = await post('/api/genericItem/executeFilter', memberToken, {
      componentID: ITEM,
      sort: { field: 'n', sortDirection: 'desc' },
      after: first.nextCursor,
    });
    expect(response.statusCode).toBe(400);
    const forged = await post('/api/genericItem/executeFilter', memberToken, {
      componentID: ITEM,
      sort: { field: 'n', sortDirection: 'asc' },
      after: Buffer.from(JSON.stringify({ f: 'n', d: 'asc', v: "1'; select", i: 1 })).toString('base64url'),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('loadGenericItems and searchItemsByQuery list only visible items', async () => {
    const search = await post('/api/genericItem/searchItemsByQuery', memberToken, {
      componentID: ITEM,
      query: 'especial',
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().items).toHaveLength(4);
    // The outsider finds their own request, nothing of the projects they are not in.
    const outsiderSearch = await post('/api/genericItem/searchItemsByQuery', outsiderToken, {
      componentID: ITEM,
      query: 'Pedido',
    });
    expect(outsiderSearch.json().items.map((item: { title: string }) => item.title)).toEqual(['Meu pedido']);
    const load = await post('/api/genericItem/loadGenericItems', memberToken, {
      componentID: ITEM,
      ids: [itemsOfA[0], itemsOfB[0]],
    });
    expect(load.json().items.map((item: { id: number }) => item.id)).toEqual([itemsOfA[0]]);
  });

  it('getAllowedsProjectItemTypes and getComponentByName', async () => {
    const types = await get(
      `/api/genericItem/getAllowedsProjectItemTypes?projectId=${projectA}`,
      memberToken,
    );
    expect(types.statusCode, types.body).toBe(200);
    expect(types.json().components.map((component: { id: number }) => component.id)).toEqual([ITEM]);
    expect(
      (await get(`/api/genericItem/getAllowedsProjectItemTypes?projectId=${projectA}`, outsiderToken))
        .statusCode,
    ).toBe(404);
    const byName = await get(`/api/genericItem/getComponentByName?name=QItem${BASE}`, memberToken);
    expect(byName.json()).toMatchObject({ id: ITEM, label: 'Item', pluralLabel: 'Itens' });
    expect(byName.json().fields.map((field: { key: string }) => field.key)).toContain('valor');
    expect((await get('/api/genericItem/getComponentByName?name=Nada', memberToken)).statusCode).toBe(404);
  });

  it('loadUsers, loadOrganizationalStructures, loadGroups, loadCompanies and loadPicklistItems', async () => {
    const users = await post('/api/genericItem/loadUsers', memberToken, { search: 'bruno' });
    expect(users.json().users).toEqual([
      { id: memberId, name: 'Bruno Membro', avatar: 'data:image/png;base64,AAAA' },
    ]);
    // Organisational units are their own entity now: a group's name finds no unit.
    const [unit] = await app.database.db
      .insert(organizationalUnits)
      .values({ name: 'Equipe de Obras', acronym: 'EOB' })
      .returning();
    const structures = await post('/api/genericItem/loadOrganizationalStructures', memberToken, {
      search: 'equipe',
    });
    expect(structures.json().structures).toEqual([
      { id: unit!.id, name: 'Equipe de Obras', acronym: 'EOB', parentId: null },
    ]);
    const byGroup = await post('/api/genericItem/loadGroups', memberToken, { search: 'equipe' });
    expect(byGroup.json().groups.map((group: { name: string }) => group.name)).toEqual(['Equipe B']);
    const list = await post('/api/genericItem/loadCompanies', memberToken, { ids: [companyId] });
    expect(list.json().companies).toEqual([{ id: companyId, name: 'Transportes X', tradeName: '' }]);
    const options = await post(
      '/api/genericItem/loadPicklistItems',
      memberToken,
      { componentID: ITEM, field: 'p' },
      'pt-BR',
    );
    expect(options.json().items.map((item: { text: string }) => item.text)).toEqual([
      'Opção A',
      'Opção B',
      'Opção C',
    ]);
    const statuses = await post('/api/genericItem/loadPicklistItems', memberToken, {
      componentID: ITEM,
      field: 'StatusName',
    });
    expect(statuses.json().items.map((item: { value: string }) => item.value)).toEqual(['aberto', 'fechado']);
    const unknown = await post('/api/genericItem/loadPicklistItems', memberToken, {
      componentID: ITEM,
      field: 'zz',
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/genericItem/executeFilter',
      payload: { componentID: ITEM },
    });
    expect(response.statusCode).toBe(401);
  });
});
