import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/infra/db/database.ts';
import { addBenchMember, benchApp, sessionOfLogin } from '../lib/pg-bench.ts';

/**
 * The calendar bench's application (issue 19): one component whose DATE_TIME field places its items on one calendar
 * view; `events` items spread over the days of the current São Paulo month, owned by a granted project member who
 * signs in.
 */
const PASSWORD = 'Bench-Agenda-Mensal-2026';
const PROJECT = 9300;
const EVENT = 9301;
const VIEW = 9301;
export const CALENDAR_TITLE = 'Agenda';
const label = (text: string) => ({ 'pt-BR': text, en: text });

const definition = {
  schemaVersion: 1,
  key: 'bench-calendar',
  version: 1,
  name: 'Bench: agenda',
  menu: [{ key: 'agenda', name: label('Agenda'), target: { kind: 'calendar', title: CALENDAR_TITLE } }],
  components: [
    {
      id: PROJECT,
      name: 'BenchAgendaProjeto',
      label: label('Projeto'),
      pluralLabel: label('Projetos'),
      formattedIdPattern: 'BAP-{SEQ:4}',
      isProject: true,
      fields: [],
    },
    {
      id: EVENT,
      name: 'BenchVistoria',
      label: label('Vistoria'),
      pluralLabel: label('Vistorias'),
      formattedIdPattern: 'BAV-{SEQ:6}',
      fields: [{ key: 'dataVistoria', type: 'DATE_TIME', label: label('Data da vistoria'), indexed: true }],
      forms: [
        { id: VIEW, name: label('Vistoria'), layout: [{ type: 'dateChooser', field: 'dataVistoria' }] },
      ],
      calendarViews: [{ id: VIEW, name: label('Vistorias'), startField: 'dataVistoria', color: '#00838F' }],
    },
  ],
};

/** The current month in São Paulo (where the department works): its year, month and number of days. */
export function currentMonth(): { year: number; month: number; days: number } {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  return { year, month, days: new Date(Date.UTC(year, month, 0)).getUTCDate() };
}

export async function prepareCalendar(database: Database, dataDir: string, port: number, events: number) {
  const app = await benchApp(database, dataDir, { PUBLIC_URL: `http://127.0.0.1:${port}` });
  await app.listen({ port, host: '127.0.0.1' });
  const imported = await app.services.definitions.importDefinition(definition, { userId: null });
  const login = 'bench.agenda';
  const { memberId, projectId } = await addBenchMember(database, {
    login,
    name: 'Analista da Agenda',
    password: PASSWORD,
    applicationId: imported.applicationId,
    project: { componentId: PROJECT, formattedId: 'BAP-0001', title: 'Projeto da agenda' },
  });
  const { year, month, days } = currentMonth();
  await database.db.execute(sql`
    insert into runtime_items
      (component_id, project_id, formatted_id, title, responsible_id, creator_id, created_at,
       modifier_id, modified_at, version, position, data)
    select ${sql.raw(String(EVENT))}, ${projectId}, 'BAV-' || lpad(g::text, 6, '0'), 'Vistoria ' || g,
      ${memberId}, ${memberId}, now(), ${memberId}, now(), 1, 0,
      jsonb_build_object('dataVistoria', to_char(make_date(${year}, ${month}, 1) + (g % ${days}), 'YYYY-MM-DD') || 'T13:00:00.000Z')
    from generate_series(1, ${events}::int) as g`);
  await database.db.execute(sql`analyze runtime_items`);
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/users/authenticate',
    payload: { UserName: login, Password: PASSWORD },
  });
  const session = sessionOfLogin(signIn.body);
  return { app, session: { ...session, loginPage: '/' }, applicationId: imported.applicationId, days };
}
