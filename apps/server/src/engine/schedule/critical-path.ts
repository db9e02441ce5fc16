/**
 * The critical path method (CPM) over finish-to-start dependencies, on instants in milliseconds (integers, so
 * the arithmetic is exact and "zero float" is an equality, not a tolerance).
 *
 * Each task keeps its planned start as a "start no earlier than" constraint and its planned length as its
 * duration: the forward pass starts a task at the later of its planned start and its predecessors' early
 * finishes; the backward pass finishes it at the earliest late start of its successors (the project's finish
 * when it has none). Total float = late start − early start (never negative); zero float is critical.
 */

export interface CpmTask {
  id: number;
  /** Planned start (ms). */
  start: number;
  /** Planned end (ms); an end before the start counts as a zero-length task. */
  end: number;
}

/** `from` must finish before `to` starts. */
export interface CpmLink {
  from: number;
  to: number;
}

export interface CpmFigures {
  earlyStart: number;
  earlyFinish: number;
  lateStart: number;
  lateFinish: number;
  totalFloat: number;
  critical: boolean;
}

export interface CpmResult {
  projectStart: number;
  projectFinish: number;
  tasks: Map<number, CpmFigures>;
}

/** The predecessors close a cycle: no order of the tasks honours them (the ids of one such cycle, in order). */
export class ScheduleCycleError extends Error {
  readonly cycle: number[];
  constructor(cycle: number[]) {
    super(`the predecessors form a cycle: ${cycle.join(' → ')}`);
    this.name = 'ScheduleCycleError';
    this.cycle = cycle;
  }
}

/** One cycle among `nodes` (each of which has a predecessor among them, as Kahn's leftovers do). */
function findCycle(nodes: ReadonlySet<number>, predecessors: ReadonlyMap<number, number[]>): number[] {
  // Walk predecessor edges from any leftover node: staying inside the leftovers, a node repeats sooner or later.
  const start = nodes.values().next().value as number;
  const seenAt = new Map<number, number>();
  const walk: number[] = [];
  let node = start;
  while (!seenAt.has(node)) {
    seenAt.set(node, walk.length);
    walk.push(node);
    node = (predecessors.get(node) ?? []).find((candidate) => nodes.has(candidate))!;
  }
  // The walk went against the links (successor → predecessor): reversed, the cycle reads in link order.
  return walk.slice(seenAt.get(node)).reverse();
}

/**
 * Forward and backward passes over `tasks` linked by `links` (links naming unknown tasks are ignored, repeated
 * ones count once). Throws ScheduleCycleError when the links close a cycle (a task depending on itself too).
 */
export function computeCriticalPath(tasks: readonly CpmTask[], links: readonly CpmLink[]): CpmResult {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const predecessors = new Map<number, number[]>();
  const successors = new Map<number, number[]>();
  const seen = new Set<string>();
  for (const link of links) {
    if (!byId.has(link.from) || !byId.has(link.to)) continue;
    const key = `${link.from}>${link.to}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (link.from === link.to) throw new ScheduleCycleError([link.from]);
    const before = predecessors.get(link.to);
    if (before) before.push(link.from);
    else predecessors.set(link.to, [link.from]);
    const after = successors.get(link.from);
    if (after) after.push(link.to);
    else successors.set(link.from, [link.to]);
  }

  // Kahn's order: a task comes after all of its predecessors; what is left over sits on a cycle.
  const waiting = new Map(tasks.map((task) => [task.id, predecessors.get(task.id)?.length ?? 0]));
  const order: number[] = [];
  for (const task of tasks) if (waiting.get(task.id) === 0) order.push(task.id);
  for (let index = 0; index < order.length; index += 1) {
    for (const next of successors.get(order[index]!) ?? []) {
      const left = waiting.get(next)! - 1;
      waiting.set(next, left);
      if (left === 0) order.push(next);
    }
  }
  if (order.length < byId.size) {
    const placed = new Set(order);
    throw new ScheduleCycleError(
      findCycle(new Set([...byId.keys()].filter((id) => !placed.has(id))), predecessors),
    );
  }

  const duration = (task: CpmTask) => Math.max(0, task.end - task.start);
  const early = new Map<number, { start: number; finish: number }>();
  let projectStart = Number.POSITIVE_INFINITY;
  let projectFinish = Number.NEGATIVE_INFINITY;
  for (const id of order) {
    const task = byId.get(id)!;
    let start = task.start;
    for (const before of predecessors.get(id) ?? []) start = Math.max(start, early.get(before)!.finish);
    const finish = start + duration(task);
    early.set(id, { start, finish });
    projectStart = Math.min(projectStart, task.start);
    projectFinish = Math.max(projectFinish, finish);
  }

  const figures = new Map<number, CpmFigures>();
  for (let index = order.length - 1; index >= 0; index -= 1) {
    const id = order[index]!;
    const task = byId.get(id)!;
    let lateFinish = projectFinish;
    for (const after of successors.get(id) ?? [])
      lateFinish = Math.min(lateFinish, figures.get(after)!.lateStart);
    const lateStart = lateFinish - duration(task);
    const { start: earlyStart, finish: earlyFinish } = early.get(id)!;
    const totalFloat = lateStart - earlyStart;
    figures.set(id, {
      earlyStart,
      earlyFinish,
      lateStart,
      lateFinish,
      totalFloat,
      critical: totalFloat === 0,
    });
  }
  return { projectStart, projectFinish, tasks: figures };
}
