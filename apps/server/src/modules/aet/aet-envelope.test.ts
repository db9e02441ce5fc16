import type { ApplicationDefinitionInput } from '@der/contracts';
import { AET_DEFINITION, AET_ENVELOPE_ACTIONS, AET_ENVELOPE_CHECK, AET_PAID_STATUS } from '@der/definitions';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { actorOf, grantApplication } from '../../../test/factories/runtime.ts';
import { buildUser } from '../../../test/factories/users.ts';
import { createItem } from '../../engine/items/create-items.ts';
import type { ItemActor } from '../../engine/items/item-actor.ts';
import { runtimeItems } from '../../engine/items/items.table.ts';
import { saveItem } from '../../engine/items/save-item.ts';
import { groupMembers, userGroups } from '../groups/groups.table.ts';

/**
 * The shipped envelope (AET_ENVELOPE_TABLE, envelope.ts) and the analysts' decision on the shipped AET. Until
 * the payment's 'paga' is in the shipped workflow, the test puts a stand-in before it (a request waiting for
 * payment, confirmed by an analyst) and the envelope check on entering it, as pagamento.ts will.
 */
const AET = 1;
const NOW = new Date('2026-05-04T13:00:00.000Z');
const WAITING = 'aguardandoPagamentoTeste';

function definitionWithPayment(): ApplicationDefinitionInput {
  const definition = structuredClone(AET_DEFINITION) as ApplicationDefinitionInput;
  const request = definition.components[0]!;
  // What sending demands (the requerente's data, the fleet's combination…) is the sending's business, tested
  // with it; here a request holds only what the envelope reads.
  for (const field of request.fields) field.required = false;
  const workflow = request.workflow!;
  // The shipped 'paga' runs the check on entering it (pagamento.ts): the same one these tests read.
  const paid = workflow.statuses.find((status) => status.key === AET_PAID_STATUS)!;
  expect(paid.onEnter).toEqual([AET_ENVELOPE_CHECK]);
  workflow.statuses.push({ key: WAITING, name: { 'pt-BR': 'Aguardando pagamento', en: 'Awaiting payment' } });
  workflow.actions = [
    ...(workflow.actions ?? []).filter(
      (action) => !AET_ENVELOPE_ACTIONS.some((envelope) => envelope.key === action.key),
    ),
    ...AET_ENVELOPE_ACTIONS,
    {
      key: 'confirmarPagamentoTeste',
      name: { 'pt-BR': 'Confirmar pagamento', en: 'Confirm payment' },
      from: [WAITING],
      to: AET_PAID_STATUS,
      allowedGroups: ['Analistas DER'],
    },
  ];
  return definition;
}

/** Inside every criterion of the shipped envelope. */
const INSIDE = {
  tipoAutorizacao: 'viagemUnica',
  enquadramento: 'cvc',
  larguraTotal: 2.6,
  alturaTotal: 4.4,
  comprimentoTotal: 25,
  pbtc: 57,
  dataInicioValidade: '2026-05-05T03:00:00.000Z',
  dataFimValidade: '2026-06-04T03:00:00.000Z',
  valorTaxa: 66.14,
  // Towards lower km, as a route may run.
  trechos: [
    { rodovia: 'SP-330', kmInicial: 318, kmFinal: 200 },
    { rodovia: 'SP-348', kmInicial: 10, kmFinal: 90 },
  ],
};

let app: FastifyInstance;
let requerente: ItemActor;
let analyst: ItemActor;

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  const db = app.database.db;
  await app.services.definitions.importDefinition(definitionWithPayment(), { userId: null });
  const requerenteUser = await buildUser(db, { kind: 'requerente', loginPage: '/aet' });
  const analystUser = await buildUser(db, { kind: 'staff' });
  const [analysts] = await db.select().from(userGroups).where(eq(userGroups.name, 'Analistas DER'));
  await db.insert(groupMembers).values({ groupId: analysts!.id, userId: analystUser.id });
  await grantApplication(db, AET, [requerenteUser.id, analystUser.id]);
  requerente = actorOf(requerenteUser, { kind: 'requerente' });
  analyst = actorOf(analystUser, { kind: 'staff' });
});
afterAll(() => app.close());

async function row(id: number) {
  const [found] = await app.database.db.select().from(runtimeItems).where(eq(runtimeItems.id, id));
  return found!;
}

/**
 * The requerente's request with these values, waiting for payment; then the payment confirmed by an analyst,
 * who writes the fee (the department's field) in the same save.
 */
async function paidRequest(values: Record<string, unknown>) {
  const db = app.database.db;
  const { valorTaxa, ...requerenteValues } = values;
  const created = await createItem(db, requerente, {
    componentId: AET,
    status: WAITING,
    // In an analyst's hands, as a sent request is.
    responsibleId: analyst.userId,
    data: requerenteValues,
  }).catch((error) => {
    throw new Error(JSON.stringify(error.details));
  });
  await db.transaction((tx) =>
    saveItem(
      tx,
      analyst,
      {
        componentId: AET,
        itemId: created.id,
        changes: valorTaxa === undefined ? {} : { valorTaxa },
        transition: { action: 'confirmarPagamentoTeste' },
      },
      { now: NOW },
    ),
  );
  return row(created.id);
}

type Criterion = { criterion: string; passed: boolean; detail: string | null };
const failed = (item: { data: Record<string, unknown> }) =>
  (item.data.criteriosEnvelope as Criterion[]).filter((criterion) => !criterion.passed);

describe('the automatic-issuance envelope on entering paga', () => {
  it('issues a request inside every criterion by itself: approved, numbered, the criteria recorded as met', async () => {
    const item = await paidRequest(INSIDE);
    expect(failed(item)).toEqual([]);
    expect((item.data.criteriosEnvelope as Criterion[]).length).toBe(8);
    expect(item.status).toBe('emitida');
    expect(item.data.numeroAet).toBe(item.formattedId);
  });

  it.each([
    ['Enquadramento emitido automaticamente', { enquadramento: 'cargaIndivisivel' }, 'Carga indivisível'],
    ['Largura dentro do envelope', { larguraTotal: 3.21 }, '3,21 m (máximo 3,2 m)'],
    ['Altura dentro do envelope', { alturaTotal: 4.71 }, '4,71 m (máximo 4,7 m)'],
    ['Comprimento dentro do envelope', { comprimentoTotal: 26.5 }, '26,5 m (máximo 25 m)'],
    ['PBTC dentro do envelope', { pbtc: 60.5 }, '60,5 t (máximo 57 t)'],
    [
      'Validade dentro do máximo',
      { tipoAutorizacao: 'periodo', dataFimValidade: '2026-11-02T03:00:00.000Z' },
      '181 dias (máximo 180)',
    ],
    [
      'Trajeto em rodovias e trechos permitidos',
      {
        trechos: [
          { rodovia: 'SP-330', kmInicial: 318, kmFinal: 470 },
          { rodovia: 'SP-999', kmInicial: 1, kmFinal: 2 },
        ],
      },
      'SP-330 km 318–470; SP-999 km 1–2',
    ],
    [
      'Nenhum trecho excluído no trajeto',
      { trechos: [{ rodovia: 'SP-330', kmInicial: 160, kmFinal: 154 }] },
      'SP-330 km 154–160',
    ],
  ])(
    'sends a request failing "%s" to the analysts, that criterion named',
    async (criterion, change, detail) => {
      const item = await paidRequest({ ...INSIDE, ...change });
      expect(item.status).toBe('emAnalise');
      expect(item.data.numeroAet).toBeUndefined();
      expect(failed(item)).toEqual([{ criterion, passed: false, detail }]);
    },
  );

  it('sends a request without a route to the analysts: no road is inside the envelope by default', async () => {
    const { trechos: _, ...withoutRoute } = INSIDE;
    const item = await paidRequest(withoutRoute);
    expect(item.status).toBe('emAnalise');
    expect(failed(item).map((criterion) => criterion.criterion)).toEqual([
      'Trajeto em rodovias e trechos permitidos',
    ]);
  });
});

describe("the analysts' decision on a request outside the envelope", () => {
  const decide = (actor: ItemActor, itemId: number, action: string, changes: Record<string, unknown>) =>
    app.database.db.transaction((tx) =>
      saveItem(
        tx,
        actor,
        // As the request's form runs an action: its unsaved values go with the action (and are saved by it).
        { componentId: AET, itemId, changes, transition: { action, values: changes } },
        { now: NOW },
      ),
    );

  /** A request the envelope sent to the analysts' queue, taken by the analyst. */
  async function inAnalysis() {
    const item = await paidRequest({ ...INSIDE, pbtc: 60 });
    expect(item.status).toBe('emAnalise');
    await app.database.db
      .update(runtimeItems)
      .set({ responsibleId: analyst.userId })
      .where(eq(runtimeItems.id, item.id));
    return item;
  }

  it('approves with conditions chosen from the table: stored, and their texts written for the AET', async () => {
    const item = await inAnalysis();
    await decide(analyst, item.id, 'deferir', {
      condicoesAprovadas: [{ condicao: 'diurno' }, { condicao: 'velocidadeReduzida' }],
    }).catch((error) => {
      throw new Error(JSON.stringify(error.details));
    });
    const approved = await row(item.id);
    expect(approved.status).toBe('deferida');
    expect(approved.data.condicoesAprovadas).toEqual([
      { condicao: 'diurno' },
      { condicao: 'velocidadeReduzida' },
    ]);
    expect(approved.data.condicoesTransito).toBe(
      'Trânsito somente entre o nascer e o pôr do sol; Velocidade máxima de 40 km/h.',
    );
  });

  it('refuses a condition not in the list, naming the field, and keeps the request as it was', async () => {
    const item = await inAnalysis();
    const refusal = await decide(analyst, item.id, 'deferir', {
      condicoesAprovadas: [{ condicao: 'diurno' }, { condicao: 'voar' }],
    }).then(
      () => null,
      (error) => error.details,
    );
    expect(refusal).toEqual([
      expect.objectContaining({
        field: 'action',
        message: 'Escolha as condições da lista de condições de trânsito.',
      }),
    ]);
    expect((await row(item.id)).status).toBe('emAnalise');
  });

  it("refuses the analysts' actions and the conditions to the requerente", async () => {
    const item = await inAnalysis();
    for (const action of ['deferir', 'indeferir', 'solicitarCorrecao']) {
      const refused = await decide(requerente, item.id, action, {}).then(
        () => null,
        (error) => error.details ?? error.code,
      );
      expect(refused, action).not.toBeNull();
    }
    const conditions = await app.database.db
      .transaction((tx) =>
        saveItem(
          tx,
          requerente,
          { componentId: AET, itemId: item.id, changes: { condicoesAprovadas: [{ condicao: 'diurno' }] } },
          { now: NOW },
        ),
      )
      .then(
        () => null,
        (error) => error.details,
      );
    expect(conditions).toEqual([expect.objectContaining({ field: 'condicoesAprovadas' })]);
    const after = await row(item.id);
    expect(after.status).toBe('emAnalise');
    expect(after.data.condicoesAprovadas).toBeUndefined();
  });
});
