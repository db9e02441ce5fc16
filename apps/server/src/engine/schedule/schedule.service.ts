import type { PassThrough } from 'node:stream';
import type {
  ItemWriteResult,
  Language,
  LoadScheduleBody,
  RescheduleItemBodySchema,
  Schedule,
  ScheduleProject,
} from '@der/contracts';
import type { z } from 'zod';
import type { Db } from '../../infra/db/database.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { visibleItem } from '../forms/form-items.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { type ItemsService, toWriteResult } from '../items/items.service.ts';
import { scheduleMsProjectXml, scheduleXlsx } from './schedule-export.ts';
import { type BuiltSchedule, buildSchedule } from './schedule-rows.ts';
import { dateFieldOf, loadScheduleView, type ResolvedSchedule, scheduleProjects } from './schedule-view.ts';

type RescheduleBody = z.output<typeof RescheduleItemBodySchema>;

const REFUSALS = {
  notOnSchedule: {
    'pt-BR': 'Este item não está neste cronograma',
    en: 'This item is not on this schedule',
  },
  notMovable: {
    'pt-BR': 'As datas deste item são do sistema e não podem ser alteradas no cronograma',
    en: "This item's dates are the system's and cannot be changed on the schedule",
  },
  cycle: {
    'pt-BR': 'O MS Project não abre predecessoras em ciclo: {cycle}',
    en: 'MS Project does not open predecessors in a cycle: {cycle}',
  },
} as const satisfies Record<string, Record<Language, string>>;

function refusal(field: string, key: keyof typeof REFUSALS, language: Language, cycle = ''): AppError {
  return new AppError('VALIDATION_FAILED', [
    { field, message: REFUSALS[key][language].replace('{cycle}', cycle) },
  ]);
}

/** `Cronograma - Duplicação BR-116 2026-03-22 1430.xlsx`. */
function fileName(view: string, project: ScheduleProject, now: Date, extension: string): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', ' ').replace(':', '');
  const base = `${view} - ${project.title}`
    .replace(/[\\/:*?"<>|\r\n]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base.slice(0, 150)} ${stamp}.${extension}`;
}

/**
 * The project schedule (spec §2.9 schedule/{viewID}/{title}, §7.6 getAllActivitiesToEAP and scheduleDownload):
 * a project's activities and the tasks hanging on them, with their predecessors and the critical path computed
 * here (CPM, critical-path.ts); a reschedule writes the dates through the one save at the version the page
 * holds, so validation rules, field permissions and version conflicts refuse it exactly as they refuse the form.
 */
export function createScheduleService(deps: { db: Db; items: ItemsService; now: () => Date }) {
  const { db, items } = deps;

  async function projectSchedule(actor: ItemActor, viewId: number, projectId: number | undefined) {
    const resolved = await loadScheduleView(db, actor, viewId);
    const { projects, project } = await scheduleProjects(db, actor, resolved, projectId);
    const built: BuiltSchedule = project
      ? await buildSchedule(db, actor, resolved, project.id)
      : { items: [], links: [], criticalPath: { status: 'empty' }, capped: false };
    return { resolved, projects, project, built };
  }

  function viewName(resolved: ResolvedSchedule, language: Language): string {
    return resolved.view.name[language];
  }

  return {
    async load(actor: ItemActor, body: LoadScheduleBody): Promise<Schedule> {
      const { resolved, projects, project, built } = await projectSchedule(
        actor,
        body.viewId,
        body.projectId,
      );
      return {
        viewId: resolved.view.id,
        name: viewName(resolved, actor.language),
        componentId: resolved.component.id,
        applicationId: resolved.applicationId,
        project,
        projects,
        ...built,
      };
    },

    async reschedule(actor: ItemActor, body: RescheduleBody): Promise<ItemWriteResult> {
      const resolved = await loadScheduleView(db, actor, body.viewId);
      const { item } = await visibleItem(db, actor, body.itemId);
      const { component, view } = resolved;
      const dates =
        item.componentId === component.id
          ? { start: view.startField, end: view.endField }
          : resolved.children.find((child) => child.definition.id === item.componentId)?.dates;
      if (dates === undefined) throw refusal('itemId', 'notOnSchedule', actor.language);
      const definition =
        item.componentId === component.id
          ? component
          : resolved.children.find((child) => child.definition.id === item.componentId)!.definition;
      if (!dates || !dateFieldOf(definition, dates.start) || !dateFieldOf(definition, dates.end))
        throw refusal('start', 'notMovable', actor.language);
      const changes: Record<string, unknown> = { [dates.start]: new Date(body.start).toISOString() };
      // A single date (a task's due date) takes the bar's start: a milestone has no length.
      if (dates.end !== dates.start) changes[dates.end] = new Date(body.end).toISOString();
      const row = await items.updateItem(actor, {
        componentId: item.componentId,
        itemId: item.id,
        version: body.version,
        changes,
      });
      return toWriteResult(row);
    },

    /** The .xlsx of a project's schedule (streamed as it is written) and its file name. */
    async exportXlsx(
      actor: ItemActor,
      query: { viewId: number; projectId: number },
    ): Promise<{ stream: PassThrough; fileName: string }> {
      const { resolved, project, built } = await projectSchedule(actor, query.viewId, query.projectId);
      const name = viewName(resolved, actor.language);
      return {
        stream: scheduleXlsx(built, name, actor.language),
        fileName: fileName(name, project!, deps.now(), 'xlsx'),
      };
    },

    /** The MS Project XML of a project's schedule; refused (400) when its predecessors close a cycle. */
    async exportMsProject(
      actor: ItemActor,
      query: { viewId: number; projectId: number },
    ): Promise<{ xml: string; fileName: string }> {
      const { resolved, project, built } = await projectSchedule(actor, query.viewId, query.projectId);
      if (built.criticalPath.status === 'cycle')
        throw refusal('predecessors', 'cycle', actor.language, built.criticalPath.cycle.join(' → '));
      const now = deps.now();
      return {
        xml: scheduleMsProjectXml(built, project!, now),
        fileName: fileName(viewName(resolved, actor.language), project!, now, 'xml'),
      };
    },
  };
}
export type ScheduleService = ReturnType<typeof createScheduleService>;
