import { AET_DEFINITION, FAIXA_DE_DOMINIO_DEFINITION } from '@der/definitions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { insertItems } from '../../../test/fixtures/query-test-fixture.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';
import { runtimeItems } from './items.table.ts';

/**
 * Issue 15's reports against the shipped definitions: a requerente set the fee, the AET number and the
 * validation code of their own AET through updateItemField, and created a TPEU while granted only the AET.
 */
const AET = 1;
const TPEU = 2;
/** The TPEU's 'Nova solicitação' form (apps/definitions faixa-de-dominio/tpeu-forms.ts). */
const TPEU_NEW_FORM = 4;

let app: FastifyInstance;
let token = '';
let requerenteId = 0;

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await app.services.definitions.importDefinition(AET_DEFINITION, { userId: null });
  await app.services.definitions.importDefinition(FAIXA_DE_DOMINIO_DEFINITION, { userId: null });
  const requerente = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  requerenteId = requerente.id;
  await grantApplication(db, AET, [requerente.id]);
  token = await signIn(app, requerente);
});
afterAll(() => app.close());

const post = (path: string, payload: object) =>
  app.inject({ method: 'POST', url: `/api/genericItem/${path}`, headers: bearer(token), payload });

describe('the shipped AET: department fields are not the requerente’s', () => {
  for (const status of ['rascunho', 'emitida']) {
    for (const field of ['valorTaxa', 'numeroAet', 'uidValidacao']) {
      it(`refuses ${field} on their own AET in ${status}`, async () => {
        const [id] = await insertItems(app.database.db, [
          { componentId: AET, status, creatorId: requerenteId, data: {} },
        ]);
        const response = await post('updateItemField', {
          componentId: AET,
          itemId: id,
          version: 1,
          field,
          value: field === 'valorTaxa' ? 0.01 : 'AET-FORJADA',
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toEqual([
          { field, message: 'Este campo não pode ser alterado', code: 'fieldNotEditable' },
        ]);
        const [row] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id!));
        expect(row!.data[field]).toBeUndefined();
      });
    }
  }
});

describe('the shipped TPEU: a requerente granted only the AET', () => {
  it('cannot open its form nor create one (404)', async () => {
    const form = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getForm?componentId=${TPEU}&formId=${TPEU_NEW_FORM}`,
      headers: bearer(token),
    });
    expect(form.statusCode).toBe(404);
    const created = await post('saveItem', { componentId: TPEU, formId: TPEU_NEW_FORM, values: {} });
    expect(created.statusCode).toBe(404);
    const list = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getListControlData?componentID=${TPEU}`,
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(404);
    // Granted the Faixa de Domínio application, the same form opens: the grant was all that was missing.
    await grantApplication(app.database.db, TPEU, [requerenteId]);
    const granted = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getForm?componentId=${TPEU}&formId=${TPEU_NEW_FORM}`,
      headers: bearer(token),
    });
    expect(granted.statusCode, granted.body).toBe(200);
  });
});
