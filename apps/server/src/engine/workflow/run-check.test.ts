import type { ComponentDefinitionInput, ReferenceTableInput } from '@der/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { actorOf, buildComponents, buildItem, buildPeople } from '../../../test/factories/runtime.ts';
import { users } from '../../modules/accounts/accounts.table.ts';
import { runtimeItems, runtimeItemVersions } from '../items/items.table.ts';
import { saveItem } from '../items/save-item.ts';

const BASE = 7300;
const PEDIDO = BASE + 1;
const NOW = new Date('2026-05-04T13:00:00.000Z');
const t = (text: string) => ({ 'pt-BR': text, en: `${text} (en)` });

/** The thresholds are configuration: the check's expressions read them with $table. */
const ENVELOPE: ReferenceTableInput = {
  key: 'envelope',
  name: t('Envelope'),
  columns: [
    { key: 'medida', label: t('Medida'), type: 'string' },
    { key: 'maximo', label: t('Máximo'), type: 'number' },
  ],
  rows: [
    { medida: 'largura', maximo: 2.6 },
    { medida: 'peso', maximo: 57 },
  ],
};

const maximo = (medida: string) => `$table('envelope')[medida='${medida}'].maximo`;

/** A request paid, then checked: inside → approved and issued by the process; outside → the analysts' queue. */
function pedido(): ComponentDefinitionInput {
  return {
    id: PEDIDO,
    name: 'Pedido',
    label: t('Pedido'),
    pluralLabel: t('Pedidos'),
    formattedIdPattern: 'PED-{SEQ:4}',
    fields: [
      { key: 'nome', type: 'STRING', label: t('Nome') },
      { key: 'largura', type: 'DECIMAL', label: t('Largura') },
      { key: 'peso', type: 'DECIMAL', label: t('Peso') },
      { key: 'numero', type: 'STRING', label: t('Número') },
      {
        key: 'criterios',
        type: 'TABLE',
        label: t('Critérios'),
        columns: [
          { key: 'criterion', type: 'STRING', label: t('Critério') },
          { key: 'passed', type: 'BOOLEAN', label: t('Atendido') },
          { key: 'detail', type: 'STRING', label: t('Detalhe') },
        ],
      },
    ],
    workflow: {
      statuses: [
        { key: 'rascunho', name: t('Rascunho'), initial: true },
        {
          key: 'pago',
          name: t('Pago'),
          onEnter: [
            {
              kind: 'runCheck',
              criteria: [
                {
                  key: 'largura',
                  label: t('Largura dentro do envelope'),
                  expression: `largura <= ${maximo('largura')}`,
                  detail: `$string(largura) & ' m (máx. ' & $string(${maximo('largura')}) & ' m)'`,
                },
                { key: 'peso', label: t('Peso dentro do envelope'), expression: `peso <= ${maximo('peso')}` },
              ],
              resultField: 'criterios',
              onPass: ['aprovarAutomaticamente', 'emitir'],
              onFail: 'encaminharParaAnalise',
            },
          ],
        },
        { key: 'aprovado', name: t('Aprovado') },
        { key: 'emitido', name: t('Emitido') },
        { key: 'emAnalise', name: t('Em análise') },
      ],
      actions: [
        { key: 'pagar', name: t('Pagar'), from: ['rascunho'], to: 'pago', allowedRoles: ['creator'] },
        {
          key: 'aprovarAutomaticamente',
          name: t('Aprovar automaticamente'),
          from: ['pago'],
          to: 'aprovado',
          allowedRoles: ['administrator'],
        },
        {
          key: 'emitir',
          name: t('Emitir'),
          from: ['aprovado'],
          to: 'emitido',
          allowedRoles: ['administrator'],
          // A name is needed to issue: what makes the chain refusable after every criterion is met.
          validation: { expression: '$exists(nome)', message: t('Informe o nome antes de emitir') },
          effects: [{ kind: 'setField', field: 'numero', expression: 'FormattedID' }],
        },
        {
          key: 'encaminharParaAnalise',
          name: t('Encaminhar para análise'),
          from: ['pago'],
          to: 'emAnalise',
          allowedRoles: ['administrator'],
        },
      ],
    },
  };
}

let app: FastifyInstance;
let applicant: { id: number };

beforeAll(async () => {
  app = await buildTestApp({ now: () => NOW });
  await app.ready();
  ({ applicant } = await buildPeople(app, ['applicant'] as const));
  await buildComponents(app, BASE, { menu: [], components: [pedido()], referenceTables: [ENVELOPE] });
});
afterAll(() => app.close());

/** A request of the applicant's with these values, paid through the one write path. */
async function paid(data: Record<string, unknown>) {
  const db = app.database.db;
  const actor = actorOf(applicant, { kind: 'requerente' });
  const created = await buildItem(db, actor, { componentId: PEDIDO, data });
  await db.transaction((tx) =>
    saveItem(
      tx,
      actor,
      { componentId: PEDIDO, itemId: created.id, changes: {}, transition: { action: 'pagar' } },
      { now: NOW },
    ),
  );
  const [row] = await db.select().from(runtimeItems).where(eq(runtimeItems.id, created.id));
  return row!;
}

const results = (row: { data: Record<string, unknown> }) =>
  (row.data.criterios as Array<{ criterion: string; passed: boolean; detail: string | null }>).map(
    ({ criterion, passed }) => `${passed ? '✓' : '✗'} ${criterion}`,
  );

describe('runCheck: a paid request checked against the envelope', () => {
  it('issues a request fully inside by the pass actions, as the process account, each criterion recorded', async () => {
    const row = await paid({ nome: 'Dentro', largura: 2.6, peso: 57 });
    expect(row.status).toBe('emitido');
    expect(row.data.numero).toBe(row.formattedId);
    expect(results(row)).toEqual(['✓ Largura dentro do envelope', '✓ Peso dentro do envelope']);
    expect((row.data.criterios as Array<{ detail: string }>)[0]!.detail).toBe('2.6 m (máx. 2.6 m)');
    const versions = await app.database.db
      .select({ snapshot: runtimeItemVersions.snapshot, userId: runtimeItemVersions.changedBy })
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.itemId, row.id))
      .orderBy(asc(runtimeItemVersions.version));
    expect(versions.map((version) => version.snapshot.status)).toEqual([
      'rascunho',
      'pago',
      'aprovado',
      'emitido',
    ]);
    const [process] = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.login, 'sistema'));
    expect(versions.at(-1)!.userId).toBe(process!.id);
  });

  it.each([
    ['largura', { largura: 2.61, peso: 57 }, ['✗ Largura dentro do envelope', '✓ Peso dentro do envelope']],
    ['peso', { largura: 2.6, peso: 57.5 }, ['✓ Largura dentro do envelope', '✗ Peso dentro do envelope']],
    ['a missing value', { peso: 10 }, ['✗ Largura dentro do envelope', '✓ Peso dentro do envelope']],
  ])(
    'sends a request outside by %s to the analysts, naming the criterion it fails',
    async (_, data, expected) => {
      const row = await paid({ nome: 'Fora', ...data });
      expect(row.status).toBe('emAnalise');
      expect(row.data.numero).toBeUndefined();
      expect(results(row)).toEqual(expected);
    },
  );

  it('sends a request inside whose pass action is refused to the analysts with the refusal, nothing of the chain kept', async () => {
    const row = await paid({ largura: 2, peso: 40 });
    expect(row.status).toBe('emAnalise');
    expect(results(row)).toEqual([
      '✓ Largura dentro do envelope',
      '✓ Peso dentro do envelope',
      '✗ Processamento automático',
    ]);
    expect((row.data.criterios as Array<{ detail: string }>)[2]!.detail).toBe(
      'Informe o nome antes de emitir',
    );
    const statuses = await app.database.db
      .select({ snapshot: runtimeItemVersions.snapshot })
      .from(runtimeItemVersions)
      .where(eq(runtimeItemVersions.itemId, row.id));
    expect(statuses.map((version) => version.snapshot.status)).not.toContain('aprovado');
  });
});
