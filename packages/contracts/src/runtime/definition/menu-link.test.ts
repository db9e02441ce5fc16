import { describe, expect, it } from 'vitest';
import {
  type MenuItemDefinitionInput,
  MenuItemDefinitionSchema,
  type MenuLinkTarget,
  MenuLinkTargetSchema,
} from './menu.ts';
import { menuLinkPath } from './menu-link.ts';
import { menuRowsOf } from './menu-rows.ts';

const target = (input: unknown): MenuLinkTarget => MenuLinkTargetSchema.parse(input);

describe('menuLinkPath', () => {
  it.each([
    [
      { kind: 'list', componentId: 1, formId: 1, queryId: 1, viewId: 1, title: 'Minhas solicitações' },
      '/runtime/7/list/1/1/1/1/Minhas%20solicita%C3%A7%C3%B5es',
    ],
    [
      { kind: 'listProject', componentId: 3, projectId: 0, title: 'Projetos' },
      '/runtime/7/listProject/3/0/Projetos',
    ],
    [{ kind: 'project', projectId: 42, title: 'Obra' }, '/runtime/7/project/42/Obra'],
    [{ kind: 'insertItem', componentId: 1, projectId: 0, formId: 2 }, '/runtime/7/insertItem/1/0/2'],
    [{ kind: 'editItem', componentId: 4, itemId: 90, formId: 5 }, '/runtime/7/editItem/4/90/5'],
    [{ kind: 'kanban', viewId: 1, title: 'Quadro de tarefas' }, '/runtime/7/kanban/1/Quadro%20de%20tarefas'],
    [{ kind: 'schedule', viewId: 2, title: 'Cronograma' }, '/runtime/7/schedule/2/Cronograma'],
    [{ kind: 'calendar', title: 'Calendário' }, '/runtime/7/calendar/Calend%C3%A1rio'],
    [{ kind: 'report', reportId: 1, title: 'AETs emitidas' }, '/runtime/7/report/1/AETs%20emitidas'],
    [{ kind: 'operation', operationId: 3, title: 'Fechar mês' }, '/runtime/7/operation/3/Fechar%20m%C3%AAs'],
    [{ kind: 'repositories', title: 'Arquivos' }, '/runtime/7/repositories/Arquivos'],
    [
      { kind: 'repository', projectId: 5, fileFormId: 6, folderFormId: 7, title: 'Docs' },
      '/runtime/7/repository/5/6/7/Docs',
    ],
    [{ kind: 'repositoryView', title: 'Docs' }, '/runtime/7/repositoryView/Docs'],
    [{ kind: 'resourcesList', title: 'Recursos' }, '/runtime/7/resourcesList/Recursos'],
    [{ kind: 'closeMonthList', title: 'Meses' }, '/runtime/7/closeMonthList/Meses'],
    [{ kind: 'myTimesheet', title: 'Horas' }, '/runtime/7/myTimesheet/Horas'],
    [{ kind: 'timesheetList', title: 'Horas' }, '/runtime/7/timesheetList/Horas'],
    [{ kind: 'pendingWork' }, '/runtime/7/pendingWork'],
  ])('%j → %s', (input, expected) => {
    expect(menuLinkPath(7, target(input))).toBe(expected);
  });

  it('refuses an unknown target kind', () => {
    expect(MenuLinkTargetSchema.safeParse({ kind: 'title', title: 'a' }).success).toBe(false);
  });

  it('encodes a slash in a title so it stays one segment', () => {
    expect(menuLinkPath(1, target({ kind: 'calendar', title: 'Prazos 1/2' }))).toBe(
      '/runtime/1/calendar/Prazos%201%2F2',
    );
  });

  it('returns public paths and external URLs unchanged', () => {
    expect(menuLinkPath(1, target({ kind: 'publicPath', path: '/validarAET' }))).toBe('/validarAET');
    expect(menuLinkPath(1, target({ kind: 'externalUrl', url: 'https://www.der.sp.gov.br/' }))).toBe(
      'https://www.der.sp.gov.br/',
    );
    expect(MenuLinkTargetSchema.safeParse({ kind: 'externalUrl', url: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });
});

describe('menuRowsOf', () => {
  it('flattens the tree depth-first with parent keys, prefixed public paths and localized names', () => {
    const menu: MenuItemDefinitionInput[] = [
      {
        key: 'consultas',
        name: { 'pt-BR': 'Consultas', en: 'Lookups' },
        title: true,
        children: [
          {
            key: 'validar',
            name: { 'pt-BR': 'Validar', en: 'Validate' },
            target: { kind: 'publicPath', path: '/validarAET' },
          },
        ],
      },
      {
        key: 'quadro',
        name: { 'pt-BR': 'Quadro', en: 'Board' },
        target: { kind: 'kanban', viewId: 1, title: 'Quadro' },
      },
    ];
    const rows = menuRowsOf(
      menu.map((item) => MenuItemDefinitionSchema.parse(item)),
      3,
      { publicUrl: 'https://portal.example' },
    );
    expect(
      rows.map(({ key, parentKey, position, name, link, title }) => ({
        key,
        parentKey,
        position,
        name,
        link,
        title,
      })),
    ).toEqual([
      { key: 'consultas', parentKey: null, position: 0, name: 'Consultas', link: '', title: true },
      {
        key: 'validar',
        parentKey: 'consultas',
        position: 1,
        name: 'Validar',
        link: 'https://portal.example/validarAET',
        title: false,
      },
      {
        key: 'quadro',
        parentKey: null,
        position: 2,
        name: 'Quadro',
        link: '/runtime/3/kanban/1/Quadro',
        title: false,
      },
    ]);
  });

  it('refuses a link target on a section title', () => {
    const result = MenuItemDefinitionSchema.safeParse({
      key: 'secao',
      name: { 'pt-BR': 'Seção', en: 'Section' },
      title: true,
      target: { kind: 'calendar', title: 'Calendário' },
    });
    expect(result.success).toBe(false);
  });
});
