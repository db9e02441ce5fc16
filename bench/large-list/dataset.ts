import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/infra/db/database.ts';

export const PROJECT_COMPONENT = 9100;
export const ITEM_COMPONENT = 9101;
/** The group the bench application is granted to (the import creates it); the bench member joins it. */
export const BENCH_GROUP = 'Bench: lista grande';

const label = (text: string) => ({ 'pt-BR': text, en: text });

/** The bench application: a project component and one item component with indexed typed fields. */
export const benchDefinition = {
  schemaVersion: 1,
  key: 'bench-large-list',
  version: 1,
  name: 'Bench: lista grande',
  groups: [BENCH_GROUP],
  components: [
    {
      id: PROJECT_COMPONENT,
      name: 'BenchProjeto',
      label: label('Projeto'),
      pluralLabel: label('Projetos'),
      formattedIdPattern: 'BPR-{SEQ:4}',
      isProject: true,
      fields: [],
    },
    {
      id: ITEM_COMPONENT,
      name: 'BenchPedido',
      label: label('Pedido'),
      pluralLabel: label('Pedidos'),
      formattedIdPattern: 'BEN-{YYYY}-{SEQ:7}',
      fields: [
        { key: 'valor', type: 'CURRENCY', label: label('Valor'), indexed: true },
        { key: 'eixos', type: 'INTEGER', label: label('Eixos'), indexed: true },
        {
          key: 'tipo',
          type: 'PICKLIST',
          label: label('Tipo'),
          indexed: true,
          options: [
            { value: 'a', text: label('Única') },
            { value: 'b', text: label('Período') },
            { value: 'c', text: label('Especial') },
          ],
        },
        { key: 'partida', type: 'DATE_TIME', label: label('Partida'), indexed: true, dateTimeFormatType: 0 },
        { key: 'ativo', type: 'BOOLEAN', label: label('Ativo'), indexed: true },
        { key: 'nome', type: 'STRING', label: label('Transportadora') },
      ],
      workflow: {
        statuses: [
          { key: 'aberto', name: label('Aberto'), color: '#4CAF50', initial: true },
          { key: 'fechado', name: label('Fechado'), color: '#9E9E9E', final: true },
        ],
        actions: [],
      },
    },
  ],
};

/**
 * Loads `count` items of the item component into one project, in SQL (generate_series), in chunks so neither
 * server holds one giant statement. Values are spread deterministically: eixos 2–10 (g mod 9), valor uniform
 * over 0–100 000, tipo a/b/c, partida every 5 minutes from 2024, ativo alternating, 5 000 carriers.
 */
export async function loadItems(
  db: Db,
  options: {
    count: number;
    projectId: number;
    userId: number;
    chunk?: number;
    onChunk?: (done: number) => void;
  },
): Promise<void> {
  const chunk = options.chunk ?? 100_000;
  for (let start = 1; start <= options.count; start += chunk) {
    const end = Math.min(options.count, start + chunk - 1);
    await db.execute(sql`
      insert into runtime_items
        (component_id, project_id, formatted_id, title, status, responsible_id, creator_id, created_at,
         modifier_id, modified_at, version, position, data)
      select ${sql.raw(String(ITEM_COMPONENT))}, ${options.projectId}, 'BLK-' || lpad(g::text, 7, '0'),
        'Pedido ' || g, case when g % 3 = 0 then 'fechado' else 'aberto' end, ${options.userId}, ${options.userId},
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute', ${options.userId},
        timestamptz '2024-01-01 00:00:00+00' + g * interval '1 minute', 1, 0,
        jsonb_build_object(
          'valor', ((g::bigint * 7919) % 10000000) / 100.0,
          'eixos', (g % 9) + 2,
          'tipo', (array['a', 'b', 'c'])[1 + g % 3],
          'partida', to_char(timestamp '2024-01-01 00:00:00' + (g % 200000) * interval '5 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'ativo', g % 2 = 0,
          'nome', 'Transportadora ' || (g % 5000))
      from generate_series(${start}::int, ${end}::int) as g`);
    options.onChunk?.(end);
  }
  await db.execute(sql`analyze runtime_items`);
}
