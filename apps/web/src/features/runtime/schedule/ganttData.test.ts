import type { Schedule, ScheduleItem } from '@der/contracts';
import { describe, expect, it } from 'vitest';
import { dayOf, toGantt, withDay } from './ganttData.ts';

const item = (overrides: Partial<ScheduleItem>): ScheduleItem => ({
  itemId: 1,
  componentId: 5,
  version: 1,
  formId: 7,
  formattedId: 'ATV-1',
  title: 'Projeto',
  kind: 'activity',
  parentId: null,
  wbs: '1.1',
  start: '2026-03-02T12:00:00.000Z',
  end: '2026-03-05T12:00:00.000Z',
  milestone: false,
  dated: true,
  progress: 40,
  statusName: null,
  statusColor: null,
  movable: true,
  critical: false,
  totalFloatHours: 0,
  earlyStart: '2026-03-02T12:00:00.000Z',
  earlyFinish: '2026-03-05T12:00:00.000Z',
  lateStart: '2026-03-02T12:00:00.000Z',
  lateFinish: '2026-03-05T12:00:00.000Z',
  ...overrides,
});

describe('the schedule as Gantt rows', () => {
  it('draws critical activities as our critical type, tasks as milestones under their activity, links as e2s', () => {
    const schedule = {
      items: [
        item({ critical: true }),
        item({
          itemId: 2,
          kind: 'task',
          parentId: 1,
          milestone: true,
          formattedId: 'TAR-1',
          title: 'Vistoria',
        }),
      ],
      links: [{ from: 1, to: 2, critical: false }],
    } as Schedule;
    const { tasks, links } = toGantt(schedule, 'pt-BR', { critical: 'Sim', notCritical: 'Não' });
    expect(tasks.map((task) => [task.id, task.type, task.parent, task.text, task.criticalText])).toEqual([
      [1, 'critical', 0, 'ATV-1 Projeto', 'Sim'],
      [2, 'milestone', 1, 'TAR-1 Vistoria', 'Não'],
    ]);
    expect(tasks[0]!.startText).toBe('02/03/2026');
    expect(links).toEqual([{ id: 1, source: 1, target: 2, type: 'e2s' }]);
  });

  it('keeps the São Paulo time of day when the keyboard path changes only the day', () => {
    expect(dayOf('2026-03-02T01:00:00.000Z')).toBe('2026-03-01');
    expect(withDay('2026-03-02T12:00:00.000Z', '2026-03-10')).toBe('2026-03-10T12:00:00.000Z');
    expect(withDay('2026-03-02T01:00:00.000Z', '2026-03-10')).toBe('2026-03-11T01:00:00.000Z');
  });
});
