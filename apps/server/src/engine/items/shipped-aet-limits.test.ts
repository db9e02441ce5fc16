import type { ReferenceTable } from '@der/contracts';
import { AET_DEFINITION } from '@der/definitions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { bearer, signIn } from '../../../test/helpers/auth.ts';

/**
 * The shipped AET's limits by legal framing enforced where it counts: the server's save (saveItem of the
 * requerente's 'Nova solicitação'), every 'max'/'min' row of the definition's table at its value (accepted)
 * and just past it (refused naming the field, value, limit and basis); the engineer's fields above the
 * thresholds; an indivisible load of 120 t and 32 m accepted. The other required fields (and the combination
 * the PBTC is checked against) are left empty here: the assertions read the limits' refusals only — those
 * on a measured field whose message names the measure.
 */
const AET = 1;
const NEW_REQUEST_FORM = 2;

interface Refusal {
  field: string;
  message: string;
}

let app: FastifyInstance;
let token = '';

beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  const db = app.database.db;
  await app.services.definitions.importDefinition(AET_DEFINITION, { userId: null });
  const requerente = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  await grantApplication(db, AET, [requerente.id]);
  token = await signIn(app, requerente);
});
afterAll(() => app.close());

/** The refusals of a save of a new request with these values (none when it was saved). */
async function refusalsOf(values: Record<string, unknown>, language = 'pt-BR'): Promise<Refusal[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/genericItem/saveItem',
    headers: { ...bearer(token), 'accept-language': language },
    payload: { componentId: AET, formId: NEW_REQUEST_FORM, values },
  });
  if (response.statusCode === 200) return [];
  expect(response.statusCode, response.body).toBe(400);
  return response.json().details as Refusal[];
}

/** The refusals of 'Enviar' on a draft saved with these values (the draft's save itself must pass). */
async function sendingRefusalsOf(values: Record<string, unknown>): Promise<Refusal[]> {
  const saved = await app.inject({
    method: 'POST',
    url: '/api/genericItem/saveItem',
    headers: bearer(token),
    payload: { componentId: AET, formId: NEW_REQUEST_FORM, values },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const { id, version } = saved.json().saved as { id: number; version: number };
  const sent = await app.inject({
    method: 'POST',
    url: '/api/genericItem/executeTaskAction',
    headers: { ...bearer(token), 'accept-language': 'pt-BR' },
    payload: { itemId: id, componentId: AET, action: 'enviar', version },
  });
  expect(sent.statusCode, sent.body).toBe(400);
  return sent.json().details as Refusal[];
}

const BASE = {
  tipoAutorizacao: 'viagemUnica',
  enquadramento: 'cvc',
  larguraTotal: 2.5,
  alturaTotal: 4,
  comprimentoTotal: 22,
  pbtc: 45,
};

const MEASURES: Record<string, { field: string; label: string; unit: 'm' | 't' }> = {
  largura: { field: 'larguraTotal', label: 'Largura', unit: 'm' },
  altura: { field: 'alturaTotal', label: 'Altura', unit: 'm' },
  comprimento: { field: 'comprimentoTotal', label: 'Comprimento', unit: 'm' },
  pbtc: { field: 'pbtc', label: 'PBTC', unit: 't' },
};

const LIMIT_MESSAGE = /^(Largura|Altura|Comprimento|PBTC|Width|Height|Length|GCW) /;

/** The refusals of the limits among a save's (the composition's own PBTC checks say 'O PBTC…'). */
const limitRefusals = (refusals: Refusal[], fields: readonly string[]) =>
  refusals.filter((refusal) => fields.includes(refusal.field) && LIMIT_MESSAGE.test(refusal.message));

/** A number as the pt-BR message writes it: metres with two decimals, tonnes with up to two. */
const ptBR = (value: number, unit: 'm' | 't') =>
  `${value.toLocaleString('pt-BR', { minimumFractionDigits: unit === 'm' ? 2 : 0, maximumFractionDigits: 2 })} ${unit}`;

// The definition holds several tables (limits, envelope, conditions…): this one's rows, as the schema types them.
const table = AET_DEFINITION.referenceTables.find(
  (candidate) => candidate.key === 'limitesAet',
) as unknown as ReferenceTable;
const refusingRows = table.rows.filter((row) => row.tipo === 'max' || row.tipo === 'min');

describe('the shipped AET: limits by framing refused on save', () => {
  it('the table has a refusing limit for each framing with a ceiling and for period AETs', () => {
    const framings = new Set(refusingRows.map((row) => `${row.enquadramento}/${row.tipoAutorizacao}`));
    expect([...framings].sort()).toEqual([
      'cegonha/todos',
      'conteiner/todos',
      'cvc/todos',
      'guindaste/todos',
      'todos/periodo',
    ]);
  });

  for (const row of refusingRows) {
    const measure = MEASURES[row.medida as string]!;
    const limit = row.valor as number;
    const past = Number((row.tipo === 'min' ? limit - 0.01 : limit + 0.01).toFixed(2));
    const framing = row.enquadramento === 'todos' ? 'outro' : (row.enquadramento as string);
    const type = row.tipoAutorizacao === 'todos' ? 'viagemUnica' : (row.tipoAutorizacao as string);
    const condition = row.pbtcAcimaDe ? { pbtc: (row.pbtcAcimaDe as number) + 3 } : {};
    const values = (value: number) => ({
      ...BASE,
      enquadramento: framing,
      tipoAutorizacao: type,
      ...condition,
      [measure.field]: value,
    });

    it(`${framing} ${type}: ${row.medida} ${row.tipo} ${limit} accepted at the value, refused at ${past}`, async () => {
      const atLimit = await refusalsOf(values(limit));
      expect(limitRefusals(atLimit, [measure.field])).toEqual([]);
      const pastLimit = await refusalsOf(values(past));
      const verb = row.tipo === 'min' ? 'abaixo do mínimo de' : 'excede o máximo de';
      expect(limitRefusals(pastLimit, [measure.field])).toEqual([
        expect.objectContaining({
          field: measure.field,
          message: `${measure.label} ${ptBR(past, measure.unit)} ${verb} ${ptBR(limit, measure.unit)} — ${row.fundamento}`,
        }),
      ]);
    });
  }

  it('answers in English with English numbers', async () => {
    const refusals = await refusalsOf({ ...BASE, pbtc: 74.5, comprimentoTotal: 26 }, 'en');
    expect(refusals.find((refusal) => refusal.field === 'pbtc')?.message).toBe(
      'GCW 74.5 t exceeds the maximum of 74 t — Res. CONTRAN 882/2021',
    );
  });
});

describe('the shipped AET: the form carries the limits table its rules read', () => {
  it('getForm sends the rules with the reference tables they name ($table), for the browser to run them alike', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/genericItem/getForm?componentId=${AET}&formId=${NEW_REQUEST_FORM}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const tables = response.json().rules.referenceTables as Array<{ key: string; rows: unknown[] }>;
    expect(tables.map((candidate) => candidate.key)).toContain('limitesAet');
    expect(tables.find((candidate) => candidate.key === 'limitesAet')!.rows).toEqual(table.rows);
  });
});

describe('the shipped AET: indivisible load and the engineer', () => {
  const ENGINEER = ['engenheiroCrea', 'engenheiroNome', 'numeroArt'];
  const measured = ['pbtc', 'comprimentoTotal', 'larguraTotal', 'alturaTotal'];
  const indivisible = { ...BASE, enquadramento: 'cargaIndivisivel' };

  it('a 120 t, 32 m indivisible load is accepted with an engineer and ART', async () => {
    const refusals = await refusalsOf({
      ...indivisible,
      pbtc: 120,
      comprimentoTotal: 32,
      engenheiroNome: 'Maria Souza',
      engenheiroCrea: 'SP-5061234567',
      numeroArt: '28027230012345',
    });
    expect(limitRefusals(refusals, measured)).toEqual([]);
    expect(refusals.filter((refusal) => ENGINEER.includes(refusal.field))).toEqual([]);
  });

  it('the engineer and the ART (number and file) are required at sending from 80 t and above 5 m wide or high, not below', async () => {
    // A draft is saved without them (the check belongs to sending).
    expect(await refusalsOf({ ...indivisible, pbtc: 80 })).toEqual([]);
    const engineerRefusals = async (values: Record<string, unknown>) =>
      (await sendingRefusalsOf({ ...indivisible, ...values }))
        .filter((refusal) => [...ENGINEER, 'arquivoArt'].includes(refusal.field))
        .map((refusal) => refusal.field)
        .sort();
    const ENGINEER_AND_ART = [...ENGINEER, 'arquivoArt'].sort();
    expect(await engineerRefusals({ pbtc: 79.99 })).toEqual([]);
    expect(await engineerRefusals({ pbtc: 80 })).toEqual(ENGINEER_AND_ART);
    expect(await engineerRefusals({ larguraTotal: 5 })).toEqual([]);
    expect(await engineerRefusals({ larguraTotal: 5.01 })).toEqual(ENGINEER_AND_ART);
    expect(await engineerRefusals({ alturaTotal: 5 })).toEqual([]);
    expect(await engineerRefusals({ alturaTotal: 5.01 })).toEqual(ENGINEER_AND_ART);
  });

  it('the same 120 t, 32 m as a CVC is refused on both', async () => {
    const refusals = await refusalsOf({ ...BASE, pbtc: 120, comprimentoTotal: 32 });
    expect(limitRefusals(refusals, ['pbtc', 'comprimentoTotal'])).toEqual([
      expect.objectContaining({ field: 'comprimentoTotal', message: expect.stringContaining('30,00 m') }),
      expect.objectContaining({ field: 'pbtc', message: expect.stringContaining('74 t') }),
    ]);
  });
});
