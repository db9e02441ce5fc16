import { type FieldDefinition, FieldDefinitionSchema } from '@der/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { resources } from '../resources/resources.table.ts';
import { workCalendars } from '../work-calendars/work-calendars.table.ts';
import { buildReferenceResolver } from './import-values.ts';

const field = (type: FieldDefinition['type'], key: string) =>
  FieldDefinitionSchema.parse({ key, type, label: { 'pt-BR': key, en: key } });
const CALENDAR = field('CALENDAR', 'calendario');
const RESOURCES = field('RESOURCES', 'recursos');

/** The names an export writes for calendars and resources (row-display.ts) are read back as their ids. */
describe('a sheet import reads calendars and resources by name', () => {
  let app: FastifyInstance;
  let calendarId: number;
  let personId: number;
  let assetId: number;
  let viewer: { userId: number; isAdministrator: boolean };

  beforeAll(async () => {
    app = await buildTestApp();
    await app.ready();
    const db = app.database.db;
    const person = await buildUser(db, { name: 'Rita Topógrafa' });
    viewer = { userId: person.id, isAdministrator: false };
    [{ id: calendarId }] = (await db
      .insert(workCalendars)
      .values({ name: 'Expediente Planilha', timeZone: 'America/Sao_Paulo' })
      .returning({ id: workCalendars.id })) as [{ id: number }];
    const [personRow, assetRow] = await db
      .insert(resources)
      .values([
        { kind: 'user', userId: person.id },
        { kind: 'asset', name: 'Caminhão Munck 07' },
      ])
      .returning({ id: resources.id });
    personId = personRow!.id;
    assetId = assetRow!.id;
  });
  afterAll(() => app.close());

  it('by their names, whatever the case, and a person resource by the user name', async () => {
    // A RESOURCES field holds one resource (the registry's 'reference' storage): one per row here.
    const cells = [
      { field: CALENDAR, raw: ' expediente PLANILHA ' },
      { field: RESOURCES, raw: 'Rita Topógrafa' },
      { field: RESOURCES, raw: 'caminhão munck 07' },
    ];
    const resolve = await buildReferenceResolver(app.database.db, viewer, cells);
    expect(resolve(CALENDAR, cells[0]!.raw)).toBe(calendarId);
    expect(resolve(RESOURCES, cells[1]!.raw)).toBe(personId);
    expect(resolve(RESOURCES, cells[2]!.raw)).toBe(assetId);
  });

  it('leaves a name that matches nothing as text, for the validation to refuse', async () => {
    const cells = [{ field: CALENDAR, raw: 'Calendário que não existe' }];
    const resolve = await buildReferenceResolver(app.database.db, viewer, cells);
    expect(resolve(CALENDAR, cells[0]!.raw)).not.toBe(calendarId);
    expect(typeof resolve(CALENDAR, cells[0]!.raw)).not.toBe('number');
  });
});
