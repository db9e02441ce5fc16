import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/infra/db/database.ts';
import { addBenchMember, benchApp, sessionOfLogin } from '../lib/pg-bench.ts';

/**
 * The schedule bench's application: one activity component with a schedule view (planned start and end,
 * progress, predecessors); `tasks` activities of one project in chains of ten finish-to-start links (the
 * forms' predecessor links), owned by a granted project member who signs in.
 */
const PASSWORD = 'Bench-Cronograma-2026';
const PROJECT = 9500;
const ACTIVITY = 9501;
const FORM = 9501;
const QUERY = 9501;
export const SCHEDULE_VIEW = 9501;
export const SCHEDULE_TITLE = 'Cronograma';
const label = (text: string) => ({ 'pt-BR': text, en: text });

const definition = {
  schemaVersion: 1,
  key: 'bench-schedule',
  version: 1,
  name: 'Bench: cronograma',
  menu: [
    {
      key: 'cronograma',
      name: label('Cronograma'),
      target: { kind: 'schedule', viewId: SCHEDULE_VIEW, title: SCHEDULE_TITLE },
    },
  ],
  components: [
    {
      id: PROJECT,
      name: 'BenchCronogramaProjeto',
      label: label('Projeto'),
      pluralLabel: label('Projetos'),
      formattedIdPattern: 'BCP-{SEQ:4}',
      isProject: true,
      fields: [],
    },
    {
      id: ACTIVITY,
      name: 'BenchAtividade',
      label: label('Atividade'),
      pluralLabel: label('Atividades'),
      formattedIdPattern: 'BCA-{SEQ:6}',
      fields: [
        { key: 'eap', type: 'STRING', label: label('EAP'), indexed: true },
        { key: 'inicio', type: 'DATE_TIME', label: label('Início'), indexed: true },
        { key: 'fim', type: 'DATE_TIME', label: label('Fim'), indexed: true },
        { key: 'feito', type: 'PERCENTILE', label: label('Concluído'), minimum: 0, maximum: 100 },
      ],
      forms: [{ id: FORM, name: label('Atividade'), layout: [{ type: 'textbox', field: 'Title' }] }],
      queries: [{ id: QUERY, name: label('Por EAP'), sort: [{ field: 'eap', sortDirection: 'asc' }] }],
      scheduleViews: [
        {
          id: SCHEDULE_VIEW,
          name: label('Cronograma'),
          startField: 'inicio',
          endField: 'fim',
          progressField: 'feito',
          queryId: QUERY,
        },
      ],
    },
  ],
};

export async function prepareSchedule(database: Database, dataDir: string, port: number, tasks: number) {
  const app = await benchApp(database, dataDir, { PUBLIC_URL: `http://127.0.0.1:${port}` });
  await app.listen({ port, host: '127.0.0.1' });
  const imported = await app.services.definitions.importDefinition(definition, { userId: null });
  const login = 'bench.cronograma';
  const { memberId, projectId } = await addBenchMember(database, {
    login,
    name: 'Planejador do Cronograma',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT, formattedId: 'BCP-0001', title: 'Projeto do cronograma' },
  });
  // Activity g: chain ⌊(g−1)/10⌋, step (g−1) mod 10 of it; each step 3 days after the previous, 2–5 days long.
  await database.db.execute(sql`
    insert into runtime_items
      (component_id, project_id, formatted_id, title, responsible_id, creator_id, created_at,
       modifier_id, modified_at, version, position, data)
    select ${sql.raw(String(ACTIVITY))}, ${projectId}, 'BCA-' || lpad(g::text, 6, '0'), 'Atividade ' || g,
      ${memberId}, ${memberId}, now(), ${memberId}, now(), 1, g,
      jsonb_build_object(
        'eap', ((g - 1) / 10 + 1)::text || '.' || ((g - 1) % 10 + 1)::text,
        'inicio', to_char(date '2026-01-05' + ((g - 1) / 10) % 200 + ((g - 1) % 10) * 3, 'YYYY-MM-DD') || 'T12:00:00.000Z',
        'fim', to_char(date '2026-01-05' + ((g - 1) / 10) % 200 + ((g - 1) % 10) * 3 + 2 + g % 4, 'YYYY-MM-DD') || 'T12:00:00.000Z',
        'feito', (g * 7) % 101)
    from generate_series(1, ${tasks}::int) as g`);
  // Each activity but the first of its chain needs the one before it.
  await database.db.execute(sql`
    insert into runtime_item_links (from_item_id, to_item_id, relation, created_by, created_at)
    select item.id, previous.id, 'predecessor', ${memberId}, now()
    from runtime_items item
    join runtime_items previous
      on previous.component_id = item.component_id and previous.position = item.position - 1
    where item.component_id = ${sql.raw(String(ACTIVITY))} and item.position % 10 <> 1`);
  await database.db.execute(sql`analyze runtime_items`);
  await database.db.execute(sql`analyze runtime_item_links`);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { UserName: login, Password: PASSWORD },
  });
  const session = sessionOfLogin(signIn.body);
  return {
    app,
    session: { ...session, loginPage: '/' },
    applicationId: imported.applicationId,
    projectId,
  };
}
