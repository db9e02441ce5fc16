import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CpmLink, type CpmTask, computeCriticalPath, ScheduleCycleError } from './critical-path.ts';

const HOUR = 3_600_000;
const task = (id: number, start: number, hours: number): CpmTask => ({
  id,
  start,
  end: start + hours * HOUR,
});

describe('the critical path', () => {
  it('marks the longest chain critical and gives the others their float', () => {
    // 1 (10 h) → 2 (5 h) → 4 (2 h); 1 → 3 (1 h) → 4: 3 may slip 4 hours.
    const result = computeCriticalPath(
      [task(1, 0, 10), task(2, 0, 5), task(3, 0, 1), task(4, 0, 2)],
      [
        { from: 1, to: 2 },
        { from: 2, to: 4 },
        { from: 1, to: 3 },
        { from: 3, to: 4 },
      ],
    );
    expect(result.projectStart).toBe(0);
    expect(result.projectFinish).toBe(17 * HOUR);
    expect([1, 2, 3, 4].map((id) => result.tasks.get(id)!.critical)).toEqual([true, true, false, true]);
    expect(result.tasks.get(3)).toMatchObject({
      earlyStart: 10 * HOUR,
      earlyFinish: 11 * HOUR,
      lateStart: 14 * HOUR,
      lateFinish: 15 * HOUR,
      totalFloat: 4 * HOUR,
    });
  });

  it('keeps a planned start later than the predecessors finish (start no earlier than)', () => {
    const result = computeCriticalPath([task(1, 0, 2), task(2, 10 * HOUR, 3)], [{ from: 1, to: 2 }]);
    expect(result.tasks.get(2)).toMatchObject({ earlyStart: 10 * HOUR, critical: true });
    // The predecessor may slip until the successor's own start.
    expect(result.tasks.get(1)).toMatchObject({ totalFloat: 8 * HOUR, critical: false });
    expect(result.projectFinish).toBe(13 * HOUR);
  });

  it('pushes a successor planned before its predecessor ends', () => {
    const result = computeCriticalPath([task(1, 0, 5), task(2, HOUR, 3)], [{ from: 1, to: 2 }]);
    expect(result.tasks.get(2)).toMatchObject({
      earlyStart: 5 * HOUR,
      earlyFinish: 8 * HOUR,
      critical: true,
    });
  });

  it('ignores links to unknown tasks and counts a repeated link once', () => {
    const result = computeCriticalPath(
      [task(1, 0, 1), task(2, 0, 1)],
      [
        { from: 1, to: 2 },
        { from: 1, to: 2 },
        { from: 9, to: 2 },
      ],
    );
    expect(result.projectFinish).toBe(2 * HOUR);
  });

  it('names the tasks of a cycle instead of computing', () => {
    const tasks = [task(1, 0, 1), task(2, 0, 1), task(3, 0, 1), task(4, 0, 1)];
    const links = [
      { from: 4, to: 1 },
      { from: 1, to: 2 },
      { from: 2, to: 3 },
      { from: 3, to: 1 },
    ];
    expect(() => computeCriticalPath(tasks, links)).toThrow(ScheduleCycleError);
    try {
      computeCriticalPath(tasks, links);
    } catch (error) {
      const { cycle } = error as ScheduleCycleError;
      expect([...cycle].sort()).toEqual([1, 2, 3]);
      // In link order: each one's successor follows it (wrapping around).
      for (const [index, id] of cycle.entries())
        expect(links).toContainEqual({ from: id, to: cycle[(index + 1) % cycle.length] });
    }
    expect(() => computeCriticalPath([task(1, 0, 1)], [{ from: 1, to: 1 }])).toThrow(ScheduleCycleError);
  });

  it('answers an empty schedule without failing', () => {
    expect(computeCriticalPath([], []).tasks.size).toBe(0);
  });
});

/**
 * An independent model: the project's finish is the latest finish over every chain of tasks (each chain walked
 * front to back, a task starting at the later of its planned start and its chain predecessor's finish).
 */
function longestChainFinish(tasks: readonly CpmTask[], links: readonly CpmLink[]): number {
  const byId = new Map(tasks.map((entry) => [entry.id, entry]));
  const next = new Map<number, number[]>();
  for (const link of links) next.set(link.from, [...(next.get(link.from) ?? []), link.to]);
  let best = Number.NEGATIVE_INFINITY;
  const walk = (id: number, readyAt: number) => {
    const current = byId.get(id)!;
    const finish = Math.max(current.start, readyAt) + Math.max(0, current.end - current.start);
    best = Math.max(best, finish);
    for (const after of next.get(id) ?? []) walk(after, finish);
  };
  for (const entry of tasks) walk(entry.id, Number.NEGATIVE_INFINITY);
  return best;
}

/** Random DAGs: links only from a lower to a higher index, so no cycle. */
const dags = fc
  .array(fc.record({ start: fc.integer({ min: 0, max: 40 }), hours: fc.integer({ min: 0, max: 20 }) }), {
    minLength: 1,
    maxLength: 7,
  })
  .chain((specs) =>
    fc
      .array(fc.tuple(fc.nat(specs.length - 1), fc.nat(specs.length - 1)), { maxLength: 12 })
      .map((pairs) => ({
        tasks: specs.map((spec, index) => task(index + 1, spec.start * HOUR, spec.hours)),
        // A pair of one task with itself is no link (a filter would never pass with a single task).
        links: pairs.flatMap(([a, b]) =>
          a === b ? [] : [{ from: Math.min(a, b) + 1, to: Math.max(a, b) + 1 }],
        ),
      })),
  );

describe('the critical path (properties)', () => {
  it('finishes the project at the longest chain, with floats never negative', () => {
    fc.assert(
      fc.property(dags, ({ tasks, links }) => {
        const result = computeCriticalPath(tasks, links);
        expect(result.projectFinish).toBe(longestChainFinish(tasks, links));
        for (const figures of result.tasks.values()) {
          expect(figures.totalFloat).toBeGreaterThanOrEqual(0);
          expect(figures.lateFinish).toBeLessThanOrEqual(result.projectFinish);
        }
        expect([...result.tasks.values()].some((figures) => figures.critical)).toBe(true);
      }),
    );
  });

  it('gives each task the float the longest chain leaves it: exactly that much longer moves nothing, a ms more moves the end', () => {
    fc.assert(
      fc.property(dags, ({ tasks, links }) => {
        const result = computeCriticalPath(tasks, links);
        for (const entry of tasks) {
          const { totalFloat, critical } = result.tasks.get(entry.id)!;
          const longer = (extra: number) =>
            longestChainFinish(
              tasks.map((other) => (other.id === entry.id ? { ...other, end: other.end + extra } : other)),
              links,
            );
          expect(longer(totalFloat)).toBe(result.projectFinish);
          expect(longer(totalFloat + 1)).toBe(result.projectFinish + 1);
          expect(critical).toBe(totalFloat === 0);
        }
      }),
    );
  });

  it('refuses every graph with a cycle', () => {
    fc.assert(
      fc.property(dags, fc.integer({ min: 2, max: 7 }), ({ tasks, links }, length) => {
        const ids = tasks.map((entry) => entry.id);
        fc.pre(ids.length >= length);
        const ring = ids.slice(0, length).map((id, index) => ({ from: id, to: ids[(index + 1) % length]! }));
        expect(() => computeCriticalPath(tasks, [...links, ...ring])).toThrow(ScheduleCycleError);
      }),
    );
  });
});
