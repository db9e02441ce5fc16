import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { SeedContext } from '../../seed/seed.ts';
import {
  DEMO_GROUP_ADMINISTRADORES,
  DEMO_GROUP_ANALISTAS,
  DEMO_GROUP_PERMISSIONARIOS,
  DEMO_GROUP_REQUERENTES,
} from '../groups/groups.seed.ts';
import { userGroups } from '../groups/groups.table.ts';
import { applicationGrants, applicationMenuItems, applications } from './applications.table.ts';

export const DEMO_APP_AET = 'AET';
export const DEMO_APP_FAIXA = 'Faixa de Domínio';
export const DEMO_APP_PROJETOS = 'Gestão de Projetos';

interface DemoMenuItem {
  key: string;
  parentKey?: string;
  name: string;
  /** Relative to /runtime/{appID}/ unless it starts with http(s):// or is '' (titles). */
  link?: string;
  /** An absolute http(s) URL under PUBLIC_URL (opened in a new tab). */
  publicPath?: string;
  icon?: string;
  title?: boolean;
  multilevel?: boolean;
  badgeSource?: string;
}

interface DemoApplication {
  name: string;
  iconName: string;
  appVersion: string;
  displayOnToolbar: boolean;
  groups: readonly string[];
  menu: readonly DemoMenuItem[];
}

/** The title segment of a runtime path (spec §2.9 sub-routes end in a {title}). */
const t = (title: string) => encodeURIComponent(title);

/**
 * The demo applications and their menus. Component, form, query, view and report ids are the ones the runtime
 * engine's demo definitions will own (component 1 = AET request, 2 = TPEU request, 3 = project, 4 = task).
 */
const DEMO_APPLICATIONS: readonly DemoApplication[] = [
  {
    name: DEMO_APP_AET,
    iconName: 'LocalShipping',
    appVersion: '1.0',
    displayOnToolbar: true,
    groups: [DEMO_GROUP_REQUERENTES, DEMO_GROUP_ANALISTAS, DEMO_GROUP_ADMINISTRADORES],
    menu: [
      { key: 'solicitacoes', name: 'Solicitações', title: true },
      {
        key: 'minhas-solicitacoes',
        parentKey: 'solicitacoes',
        name: 'Minhas solicitações',
        link: `list/1/1/1/1/${t('Minhas solicitações')}`,
        icon: 'ListAlt',
      },
      {
        key: 'nova-solicitacao',
        parentKey: 'solicitacoes',
        name: 'Nova solicitação',
        link: 'insertItem/1/0/2',
        icon: 'AddCircleOutline',
      },
      { key: 'consultas', name: 'Consultas', title: true },
      {
        key: 'validar-aet',
        parentKey: 'consultas',
        name: 'Validar AET',
        publicPath: '/validarAET',
        icon: 'VerifiedUser',
      },
      {
        key: 'manual',
        parentKey: 'consultas',
        name: 'Manual do requerente',
        publicPath: '/docs/manual-requerente-aet.pdf',
        icon: 'MenuBook',
      },
      {
        key: 'relatorio',
        parentKey: 'consultas',
        name: 'AETs emitidas',
        link: `report/1/${t('AETs emitidas')}`,
        icon: 'Assessment',
      },
    ],
  },
  {
    name: DEMO_APP_FAIXA,
    iconName: 'AddRoad',
    appVersion: '1.0',
    displayOnToolbar: true,
    groups: [DEMO_GROUP_PERMISSIONARIOS, DEMO_GROUP_ANALISTAS, DEMO_GROUP_ADMINISTRADORES],
    menu: [
      { key: 'solicitacoes', name: 'Solicitações', title: true },
      {
        key: 'minhas-solicitacoes',
        parentKey: 'solicitacoes',
        name: 'Minhas solicitações de TPEU',
        link: `list/2/3/2/2/${t('Minhas solicitações de TPEU')}`,
        icon: 'ListAlt',
      },
      {
        key: 'nova-solicitacao',
        parentKey: 'solicitacoes',
        name: 'Nova solicitação',
        link: 'insertItem/2/0/4',
        icon: 'AddCircleOutline',
      },
      { key: 'ajuda', name: 'Ajuda', title: true },
      {
        key: 'manual',
        parentKey: 'ajuda',
        name: 'Manual do usuário',
        publicPath: '/docs/manual-usuario-faixa-de-dominio.pdf',
        icon: 'MenuBook',
      },
    ],
  },
  {
    name: DEMO_APP_PROJETOS,
    iconName: 'AccountTree',
    appVersion: '1.0',
    displayOnToolbar: false,
    groups: [DEMO_GROUP_ANALISTAS, DEMO_GROUP_ADMINISTRADORES],
    menu: [
      { key: 'gestao', name: 'Gestão', title: true },
      { key: 'projetos', parentKey: 'gestao', name: 'Projetos', icon: 'AccountTree', multilevel: true },
      {
        key: 'todos-projetos',
        parentKey: 'projetos',
        name: 'Todos os projetos',
        link: `listProject/3/0/${t('Projetos')}`,
        icon: 'FolderOpen',
      },
      {
        key: 'quadro',
        parentKey: 'projetos',
        name: 'Quadro de tarefas',
        link: `kanban/1/${t('Quadro de tarefas')}`,
        icon: 'ViewKanban',
      },
      {
        key: 'minhas-tarefas',
        parentKey: 'gestao',
        name: 'Minhas tarefas',
        link: `list/4/5/3/3/${t('Minhas tarefas')}`,
        icon: 'Assignment',
        // New assignments arrive as messages: the unread ones are what waits for the user.
        badgeSource: 'unreadMessages',
      },
      {
        key: 'calendario',
        parentKey: 'gestao',
        name: 'Calendário',
        link: `calendar/${t('Calendário')}`,
        icon: 'CalendarMonth',
      },
      {
        key: 'relatorios',
        parentKey: 'gestao',
        name: 'Relatórios',
        link: `report/2/${t('Relatórios')}`,
        icon: 'Assessment',
      },
    ],
  },
];

/** Demo step (after the groups): the three applications, their menus, and the group grants. */
export async function seedDemoApplications(tx: Db, context: SeedContext): Promise<void> {
  const groupNames = [...new Set(DEMO_APPLICATIONS.flatMap((app) => app.groups))];
  const groups = await tx
    .select({ id: userGroups.id, name: userGroups.name })
    .from(userGroups)
    .where(inArray(userGroups.name, groupNames));
  const groupIds = new Map(groups.map((group) => [group.name, group.id]));
  const now = context.now();

  for (const demo of DEMO_APPLICATIONS) {
    const [application] = await tx
      .insert(applications)
      .values({
        name: demo.name,
        iconName: demo.iconName,
        appVersion: demo.appVersion,
        displayOnToolbar: demo.displayOnToolbar,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: applications.id });
    const appId = application!.id;
    await tx.insert(applicationMenuItems).values(
      demo.menu.map((item, position) => ({
        applicationId: appId,
        key: item.key,
        parentKey: item.parentKey ?? null,
        position,
        name: item.name,
        link: item.publicPath
          ? `${context.publicUrl}${item.publicPath}`
          : item.link
            ? `/runtime/${appId}/${item.link}`
            : '',
        icon: item.icon ?? '',
        title: item.title ?? false,
        multilevel: item.multilevel ?? false,
        badgeSource: item.badgeSource ?? null,
      })),
    );
    const grants = demo.groups.flatMap((name) => {
      const groupId = groupIds.get(name);
      return groupId === undefined ? [] : [{ applicationId: appId, groupId }];
    });
    if (grants.length > 0) await tx.insert(applicationGrants).values(grants);
  }
}
