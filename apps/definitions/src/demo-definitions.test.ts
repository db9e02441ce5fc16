import { menuRowsOf, validateApplicationDefinition } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import {
  AET_DEFINITION,
  DEMO_DEFINITIONS,
  FAIXA_DE_DOMINIO_DEFINITION,
  GESTAO_DE_PROJETOS_DEFINITION,
} from './index.ts';

function validated(doc: unknown) {
  const result = validateApplicationDefinition(doc);
  if (!result.ok) throw new Error(JSON.stringify(result.errors, null, 2));
  return result.definition;
}

/** The department's groups: the only ones that see the work queue. */
const STAFF = ['Analistas DER', 'Administradores'];

/** Menu rows as apps/server applications.seed.ts stored them (appId 1, 2, 3; PUBLIC_URL https://portal.test). */
const enc = encodeURIComponent;
const SEEDED_MENUS: Record<
  string,
  Array<[key: string, parentKey: string | null, name: string, link: string, icon: string, groups?: string[]]>
> = {
  aet: [
    ['solicitacoes', null, 'Solicitações', '', ''],
    [
      'minhas-solicitacoes',
      'solicitacoes',
      'Minhas solicitações',
      `/runtime/1/list/1/1/1/1/${enc('Minhas solicitações')}`,
      'ListAlt',
    ],
    [
      'nova-solicitacao',
      'solicitacoes',
      'Nova solicitação',
      '/runtime/1/insertItem/1/0/2',
      'AddCircleOutline',
    ],
    ['veiculos', null, 'Veículos', '', ''],
    [
      'meus-veiculos',
      'veiculos',
      'Meus veículos',
      `/runtime/1/list/6/8/7/6/${enc('Meus veículos')}`,
      'LocalShipping',
      ['Requerentes'],
    ],
    [
      'novo-veiculo',
      'veiculos',
      'Novo veículo',
      '/runtime/1/insertItem/6/0/8',
      'AddCircleOutline',
      ['Requerentes'],
    ],
    [
      'veiculos-das-solicitacoes',
      'veiculos',
      'Veículos das solicitações',
      `/runtime/1/list/6/8/7/6/${enc('Veículos')}`,
      'LocalShipping',
      STAFF,
    ],
    ['minhas-pendencias', null, 'Minhas pendências', '/runtime/1/pendingWork', 'Inbox', STAFF],
    [
      'quadro-solicitacoes',
      null,
      'Quadro de solicitações',
      `/runtime/1/kanban/2/${enc('Quadro de solicitações')}`,
      'ViewKanban',
      STAFF,
    ],
    ['consultas', null, 'Consultas', '', ''],
    ['validar-aet', 'consultas', 'Validar AET', 'https://portal.test/validarAET', 'VerifiedUser'],
    [
      'manual',
      'consultas',
      'Manual do requerente',
      'https://portal.test/docs/manual-requerente-aet.pdf',
      'MenuBook',
    ],
    ['relatorios', null, 'Relatórios', '', ''],
    ['relatorio', 'relatorios', 'AETs emitidas', `/runtime/1/report/1/${enc('AETs emitidas')}`, 'Assessment'],
    [
      'solicitacoes-por-situacao',
      'relatorios',
      'Solicitações por situação e mês',
      `/runtime/1/report/3/${enc('Solicitações por situação e mês')}`,
      'BarChart',
    ],
    [
      'taxas-arrecadadas',
      'relatorios',
      'Taxas arrecadadas',
      `/runtime/1/report/4/${enc('Taxas arrecadadas')}`,
      'BarChart',
    ],
  ],
  'faixa-de-dominio': [
    ['solicitacoes', null, 'Solicitações', '', ''],
    [
      'minhas-solicitacoes',
      'solicitacoes',
      'Minhas solicitações de TPEU',
      `/runtime/2/list/2/3/2/2/${enc('Minhas solicitações de TPEU')}`,
      'ListAlt',
    ],
    [
      'nova-solicitacao',
      'solicitacoes',
      'Nova solicitação',
      '/runtime/2/insertItem/2/0/4',
      'AddCircleOutline',
    ],
    ['minhas-pendencias', null, 'Minhas pendências', '/runtime/2/pendingWork', 'Inbox', STAFF],
    [
      'quadro-solicitacoes',
      null,
      'Quadro de solicitações',
      `/runtime/2/kanban/3/${enc('Quadro de solicitações')}`,
      'ViewKanban',
      STAFF,
    ],
    [
      'agenda-vistorias',
      null,
      'Agenda de vistorias e obras',
      `/runtime/2/calendar/${enc('Agenda de vistorias e obras')}`,
      'CalendarMonth',
      STAFF,
    ],
    ['relatorios', null, 'Relatórios', '', ''],
    [
      'tpeu-por-finalidade',
      'relatorios',
      'TPEU por finalidade',
      `/runtime/2/report/5/${enc('TPEU por finalidade')}`,
      'BarChart',
    ],
    ['ajuda', null, 'Ajuda', '', ''],
    [
      'manual',
      'ajuda',
      'Manual do usuário',
      'https://portal.test/docs/manual-usuario-faixa-de-dominio.pdf',
      'MenuBook',
    ],
  ],
  'gestao-de-projetos': [
    ['gestao', null, 'Gestão', '', ''],
    ['projetos', 'gestao', 'Projetos', '', 'AccountTree'],
    ['todos-projetos', 'projetos', 'Todos os projetos', '/runtime/3/listProject/3/0/Projetos', 'FolderOpen'],
    [
      'quadro',
      'projetos',
      'Quadro de tarefas',
      `/runtime/3/kanban/1/${enc('Quadro de tarefas')}`,
      'ViewKanban',
    ],
    [
      'minhas-tarefas',
      'gestao',
      'Minhas tarefas',
      `/runtime/3/list/4/5/3/3/${enc('Minhas tarefas')}`,
      'Assignment',
    ],
    ['minhas-pendencias', 'gestao', 'Minhas pendências', '/runtime/3/pendingWork', 'Inbox', STAFF],
    ['cronograma', 'gestao', 'Cronograma', `/runtime/3/schedule/1/${enc('Cronograma')}`, 'Schedule'],
    ['calendario', 'gestao', 'Calendário', `/runtime/3/calendar/${enc('Calendário')}`, 'CalendarMonth'],
    ['apontamentos', 'gestao', 'Apontamentos', '', 'Timer'],
    [
      'meus-apontamentos',
      'apontamentos',
      'Meus apontamentos',
      `/runtime/3/myTimesheet/${enc('Meus apontamentos')}`,
      'Schedule',
    ],
    [
      'apontamentos-equipe',
      'apontamentos',
      'Apontamentos da equipe',
      `/runtime/3/timesheetList/${enc('Apontamentos da equipe')}`,
      'Group',
    ],
    [
      'fechamento-mes',
      'apontamentos',
      'Fechamento de mês',
      `/runtime/3/closeMonthList/${enc('Fechamento de mês')}`,
      'Event',
    ],
    [
      'concluir-atrasadas',
      'gestao',
      'Concluir tarefas atrasadas',
      `/runtime/3/operation/1/${enc('Concluir tarefas atrasadas')}`,
      'PlaylistAddCheck',
    ],
    ['repositorios', 'gestao', 'Repositórios', `/runtime/3/repositories/${enc('Repositórios')}`, 'Folder'],
    ['recursos', 'gestao', 'Recursos', `/runtime/3/resourcesList/${enc('Recursos')}`, 'Work'],
    [
      'relatorios',
      'gestao',
      'Relatórios',
      `/runtime/3/report/2/${enc('Tarefas por responsável')}`,
      'Assessment',
    ],
  ],
};

describe('demo definitions', () => {
  it('ships the three applications with the seeded keys and names', () => {
    expect(DEMO_DEFINITIONS.map((doc) => [doc.key, doc.name])).toEqual([
      ['aet', 'AET'],
      ['faixa-de-dominio', 'Faixa de Domínio'],
      ['gestao-de-projetos', 'Gestão de Projetos'],
    ]);
  });

  it.each(DEMO_DEFINITIONS.map((doc) => [doc.key, doc] as const))(
    '%s validates, also after a JSON round trip',
    (_key, doc) => {
      const definition = validated(doc);
      expect(validated(JSON.parse(JSON.stringify(doc)))).toEqual(definition);
    },
  );

  it('keeps component ids unique across the applications (they are platform-wide)', () => {
    const ids = DEMO_DEFINITIONS.flatMap((doc) => doc.components.map((component) => component.id));
    expect(ids.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 21, 22]);
    const formIds = DEMO_DEFINITIONS.flatMap((doc) =>
      doc.components.flatMap((component) => (component.forms ?? []).map((form) => form.id)),
    );
    expect(new Set(formIds).size).toBe(formIds.length);
  });

  it('keeps the ids the seeded menus and the shell use', () => {
    const aet = validated(AET_DEFINITION);
    const [solicitacao, veiculo] = aet.components;
    expect([solicitacao!.id, solicitacao!.name, veiculo!.id]).toEqual([1, 'SolicitacaoAET', 6]);
    expect(solicitacao!.forms.map((form) => form.id)).toEqual(expect.arrayContaining([1, 2]));
    const tpeu = validated(FAIXA_DE_DOMINIO_DEFINITION).components[0]!;
    expect([tpeu.id, tpeu.forms.map((form) => form.id).toSorted()]).toEqual([2, [3, 4]]);
    const [projeto, tarefa, atividade] = validated(GESTAO_DE_PROJETOS_DEFINITION).components;
    expect([projeto!.id, projeto!.isProject, tarefa!.id, atividade!.id]).toEqual([3, true, 4, 5]);
    expect(tarefa!.kanbanViews[0]).toMatchObject({ id: 1, laneField: 'StatusName' });
  });

  it.each(DEMO_DEFINITIONS.map((doc, index) => [doc.key, doc, index + 1] as const))(
    '%s generates the menu rows the seed stored',
    (key, doc, appId) => {
      const rows = menuRowsOf(validated(doc).menu, appId, { publicUrl: 'https://portal.test' });
      expect(
        rows.map((row) => {
          const columns = [row.key, row.parentKey, row.name, row.link, row.icon];
          return row.groups.length > 0 ? [...columns, row.groups] : columns;
        }),
      ).toEqual(SEEDED_MENUS[key]);
      expect(rows.map((row) => row.position)).toEqual(rows.map((_row, index) => index));
    },
  );

  it('models the workflows of the brief with one initial status each', () => {
    const statusKeys = (doc: unknown, index: number) =>
      validated(doc).components[index]!.workflow!.statuses.map((status) => status.key);
    expect(statusKeys(AET_DEFINITION, 0)).toEqual([
      'rascunho',
      'aguardandoPagamento',
      'paga',
      'emAnalise',
      'pendenteCorrecao',
      'deferida',
      'indeferida',
      'emitida',
      'suspensa',
      'cancelada',
      'expirada',
    ]);
    expect(statusKeys(GESTAO_DE_PROJETOS_DEFINITION, 1)).toEqual(['aFazer', 'emAndamento', 'concluida']);
    expect(statusKeys(FAIXA_DE_DOMINIO_DEFINITION, 0)).toContain('analiseTecnica');
  });
});
