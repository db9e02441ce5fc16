import { projectWidgetRoutes } from '@der/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCall } from '../../../api/apiClient.ts';
import { projectWidgetServices } from './projectWidgetServices.ts';

vi.mock('../../../api/apiClient.ts', () => ({ apiCall: vi.fn() }));
const call = vi.mocked(apiCall);

const entry = (itemId: number, componentId: number, formId: number | null) => ({
  itemId,
  componentId,
  formId,
  formattedId: `TAR-2026-${itemId}`,
  title: `Tarefa ${itemId}`,
  date: '2026-03-05T13:00:00.000Z',
});

describe('projectWidgetServices', () => {
  beforeEach(() => call.mockReset());

  it('has nothing to ask about a new item outside a project', () => {
    expect(
      projectWidgetServices({ componentId: 4, itemId: null, projectId: null, base: '' }),
    ).toBeUndefined();
  });

  it('asks about the saved item and links the calendar entries to the forms the server names', async () => {
    const services = projectWidgetServices({
      componentId: 4,
      itemId: 9,
      projectId: null,
      base: '/runtime/3',
    });
    call.mockResolvedValueOnce({
      project: null,
      capped: false,
      entries: [entry(41, 4, 5), entry(42, 5, null)],
    });
    const calendar = await services!.loadCalendar('2026-03-01', '2026-04-11');
    expect(call).toHaveBeenCalledWith(projectWidgetRoutes.loadProjectCalendar, {
      query: { itemId: 9, from: '2026-03-01', to: '2026-04-11' },
    });
    expect(calendar.entries.map((row) => row.editPath)).toEqual(['/runtime/3/editItem/4/41/5', null]);
    call.mockResolvedValueOnce({});
    await services!.loadItemType();
    expect(call).toHaveBeenLastCalledWith(projectWidgetRoutes.getItemTypeInfo, { query: { itemId: 9 } });
    // A saved item has no insert choices.
    expect(await services!.loadItemTypeChoices()).toEqual([]);
    expect(services!.projectId).toBeNull();
  });

  it('asks about the project of a new item and builds the insert routes of its item types', async () => {
    const services = projectWidgetServices({
      componentId: 4,
      itemId: null,
      projectId: 7,
      base: '/runtime/3',
    });
    call.mockResolvedValueOnce({ project: null, members: [] });
    await services!.loadResources();
    expect(call).toHaveBeenLastCalledWith(projectWidgetRoutes.loadProjectResources, { query: { itemId: 7 } });
    call.mockResolvedValueOnce({
      choices: [
        { componentId: 4, label: 'Tarefa', formId: 5 },
        { componentId: 6, label: 'Marco', formId: null },
      ],
    });
    expect(await services!.loadItemTypeChoices()).toEqual([
      { componentId: 4, label: 'Tarefa', insertPath: '/runtime/3/insertItem/4/7/5' },
      { componentId: 6, label: 'Marco', insertPath: null },
    ]);
    expect(call).toHaveBeenLastCalledWith(projectWidgetRoutes.loadProjectItemTypeChoices, {
      query: { projectId: 7 },
    });
  });
});
