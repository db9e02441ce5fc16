import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/infra/db/database.ts';
import { addBenchMember, benchApp, sessionOfLogin } from '../lib/pg-bench.ts';

/**
 * The kanban bench's board (issue 16): a definition with five statuses, an action into each from every other
 * (no dialog: a drop moves at once) and one board; `cards` cards spread over the five lanes, owned by a granted
 * project member who signs in.
 */
const PASSWORD = 'Bench-Quadro-Kanban-2026';
const PROJECT = 9200;
const CARD = 9201;
export const VIEW = 9201;
export const LANES = ['novo', 'triagem', 'analise', 'revisao', 'concluido'] as const;
const label = (text: string) => ({ 'pt-BR': text, en: text });

/** Five statuses, an action into each from every other (no dialog: a drop moves at once), one board. */
const definition = {
  schemaVersion: 1,
  key: 'bench-kanban',
  version: 1,
  name: 'Bench: quadro',
  menu: [
    {
      key: 'quadro',
      name: label('Quadro'),
      target: { kind: 'kanban', viewId: VIEW, title: 'Quadro' },
    },
  ],
  components: [
    {
      id: PROJECT,
      name: 'BenchQuadroProjeto',
      label: label('Projeto'),
      pluralLabel: label('Projetos'),
      formattedIdPattern: 'BQP-{SEQ:4}',
      isProject: true,
      fields: [],
    },
    {
      id: CARD,
      name: 'BenchCartao',
      label: label('Cartão'),
      pluralLabel: label('Cartões'),
      formattedIdPattern: 'BQC-{SEQ:6}',
      fields: [
        { key: 'nome', type: 'STRING', label: label('Transportadora') },
        { key: 'eixos', type: 'INTEGER', label: label('Eixos'), indexed: true },
      ],
      forms: [{ id: VIEW, name: label('Cartão'), layout: [{ type: 'textbox', field: 'nome' }] }],
      kanbanViews: [
        {
          id: VIEW,
          name: label('Quadro do bench'),
          laneField: 'StatusName',
          cardFields: ['nome', 'eixos', 'ResponsibleName'],
          formId: VIEW,
        },
      ],
      workflow: {
        statuses: LANES.map((key, index) => ({ key, name: label(key), initial: index === 0 })),
        actions: LANES.map((key) => ({
          key: `para_${key}`,
          name: label(`Para ${key}`),
          from: LANES.filter((other) => other !== key),
          to: key,
        })),
      },
    },
  ],
};

export async function prepareBoard(database: Database, dataDir: string, port: number, cards: number) {
  const app = await benchApp(database, dataDir, { PUBLIC_URL: `http://127.0.0.1:${port}` });
  await app.listen({ port, host: '127.0.0.1' });
  const imported = await app.services.definitions.importDefinition(definition, { userId: null });
  const login = 'bench.quadro';
  const { memberId, projectId } = await addBenchMember(database, {
    login,
    name: 'Analista do Quadro',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT, formattedId: 'BQP-0001', title: 'Projeto do quadro' },
  });
  const db = database.db;
  await db.execute(sql`
    insert into runtime_items
      (component_id, project_id, formatted_id, title, status, responsible_id, creator_id, created_at,
       modifier_id, modified_at, version, position, data)
    select ${sql.raw(String(CARD))}, ${projectId}, 'BQC-' || lpad(g::text, 6, '0'), 'Cartão ' || g,
      (array['novo', 'triagem', 'analise', 'revisao', 'concluido'])[1 + g % 5], ${memberId}, ${memberId},
      now(), ${memberId}, now(), 1, 0,
      jsonb_build_object('nome', 'Transportadora ' || (g % 500), 'eixos', (g % 9) + 2)
    from generate_series(1, ${cards}::int) as g`);
  await db.execute(sql`analyze runtime_items`);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { UserName: login, Password: PASSWORD },
  });
  // Stored as the web app stores it.
  const session = sessionOfLogin(signIn.body);
  return { app, session: { ...session, loginPage: '/' }, applicationId: imported.applicationId };
}
