import type { ReferenceTable } from '@der/contracts';
import { AET_DEFINITION } from '@der/definitions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { readDefinitionDocument } from './definitions.service.ts';

/** An administrator edits the AET's limits table in the product: checked cell by cell, saved as a version. */
let app: FastifyInstance;
let adminToken = '';
let requerenteToken = '';

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await app.services.definitions.importDefinition(AET_DEFINITION, { userId: null });
  adminToken = await signIn(
    app,
    await buildUser(db, { isAdministrator: true, hasPanelAdminPermission: true }),
  );
  const requerente = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  await grantApplication(db, 1, [requerente.id]);
  requerenteToken = await signIn(app, requerente);
});
afterAll(() => app.close());

// The definition holds several tables (limits, envelope, conditions…): this one's rows, as the schema types them.
const table = AET_DEFINITION.referenceTables.find(
  (candidate) => candidate.key === 'limitesAet',
) as unknown as ReferenceTable;

const saveTable = (token: string, body: Record<string, unknown>, language = 'pt-BR') =>
  app.inject({
    method: 'POST',
    url: '/api/admin/definitions/referenceTable',
    headers: { ...bearer(token), 'accept-language': language },
    payload: { key: 'aet', tableKey: 'limitesAet', ...body },
  });

describe('editing a reference table', () => {
  it('refuses a bad cell naming its row and column, in the request language, and keeps the version', async () => {
    const rows = table.rows.map((row, index) =>
      index === 1 ? { ...row, valor: 'quatro' } : index === 2 ? { ...row, inclusivo: 'sim' } : row,
    );
    const response = await saveTable(adminToken, { rows });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: 'rows.1.valor', message: 'Linha 2, coluna “Valor”: informe um número' },
      { field: 'rows.2.inclusivo', message: 'Linha 3, coluna “Vale a partir do valor”: informe sim ou não' },
    ]);
    const en = await saveTable(adminToken, { rows: [{ ...table.rows[0], medidaErrada: 'x' }] }, 'en');
    expect(en.json().details).toEqual([
      { field: 'rows.0.medidaErrada', message: 'Row 1: the column “medidaErrada” is not in this table' },
    ]);
    const stored = await readDefinitionDocument(app.database.db, 'aet');
    expect(stored!.version).toBe(AET_DEFINITION.version);
  });

  it('saves the rows as the next version, and the rules of the next save read them', async () => {
    const pbtcRefusals = async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/genericItem/saveItem',
        headers: bearer(requerenteToken),
        payload: {
          componentId: 1,
          formId: 2,
          values: { enquadramento: 'cvc', tipoAutorizacao: 'viagemUnica', pbtc: 78, comprimentoTotal: 26 },
        },
      });
      // Saved (200): nothing refused — drafts need no more than this.
      if (response.statusCode === 200) return [];
      return (response.json().details as Array<{ field: string; message: string }>).filter((refusal) =>
        refusal.message.startsWith('PBTC 78 t'),
      );
    };
    expect(await pbtcRefusals()).toHaveLength(1);
    // The department raises the CVC's PBTC to 80 t; a row with an empty cell is kept with null there.
    const rows = table.rows.map((row) =>
      row.enquadramento === 'cvc' && row.medida === 'pbtc' ? { ...row, valor: 80 } : row,
    );
    const response = await saveTable(adminToken, {
      rows: [...rows, { enquadramento: 'outro', medida: 'altura' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().version).toBe(AET_DEFINITION.version + 1);
    const stored = await readDefinitionDocument(app.database.db, 'aet');
    const saved = stored!.referenceTables.find((candidate) => candidate.key === 'limitesAet')!;
    expect(saved.rows.at(-1)).toEqual({
      enquadramento: 'outro',
      tipoAutorizacao: null,
      medida: 'altura',
      tipo: null,
      valor: null,
      inclusivo: null,
      pbtcAcimaDe: null,
      fundamento: null,
    });
    expect(await pbtcRefusals()).toEqual([]);
  });

  it('answers 404 for a table the definition lacks and 403 to a non-administrator', async () => {
    expect((await saveTable(adminToken, { tableKey: 'taxas', rows: [] })).statusCode).toBe(404);
    expect((await saveTable(requerenteToken, { rows: [] })).statusCode).toBe(403);
  });
});
