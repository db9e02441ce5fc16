import { describe, expect, it } from 'vitest';
import { buildImportGraph, findImportCycles, findImportsBetween } from './architecture/import-graph.ts';

// Layers point one way; this reads the imports of every TypeScript file (type imports too), in well under a
// second, and names the files of any import that runs against them.
const graph = buildImportGraph([
  'packages/contracts/src',
  'apps/definitions/src',
  'apps/server/src',
  'apps/server/test',
  'apps/web/src',
]);

const SERVER = 'apps/server/src/';

/**
 * The form renderer draws a layout tree: a container component (group box, panel, tab control, steps and the
 * steps' review) lays its children out with the same grid that laid it out. That recursion is the design, not a tangle.
 */
const FORM_LAYOUT_RECURSION = [
  'apps/web/src/shared/ui/FormRenderer/FormComponentView.tsx',
  'apps/web/src/shared/ui/FormRenderer/FormLayoutGrid.tsx',
  'apps/web/src/shared/ui/FormRenderer/kinds/GroupBoxContainer.tsx',
  'apps/web/src/shared/ui/FormRenderer/kinds/PanelContainer.tsx',
  'apps/web/src/shared/ui/FormRenderer/kinds/StepsContainer.tsx',
  'apps/web/src/shared/ui/FormRenderer/kinds/StepsReview.tsx',
  'apps/web/src/shared/ui/FormRenderer/kinds/TabControlContainer.tsx',
];

/** A cycle still to break, with its way out; the list may only shrink (empty now: keep it so). */
const KNOWN_CYCLES: string[][] = [];

describe('architecture', () => {
  it('has no import cycle but the form layout recursion', () => {
    const allowed = [FORM_LAYOUT_RECURSION, ...KNOWN_CYCLES].map((cycle) => JSON.stringify(cycle));
    const cycles = findImportCycles(graph).map((cycle) => JSON.stringify(cycle));
    expect(cycles.filter((cycle) => !allowed.includes(cycle))).toEqual([]);
    // A cycle broken stays broken: its entry leaves the list.
    expect(allowed.filter((cycle) => !cycles.includes(cycle))).toEqual([]);
  });

  it('sees the form layout recursion (so the graph reads the imports at all)', () => {
    expect(findImportCycles(graph)).toContainEqual(FORM_LAYOUT_RECURSION);
  });

  it('keeps infrastructure below the modules and the engine', () => {
    const upward = [
      ...findImportsBetween(graph, `${SERVER}infra/`, `${SERVER}modules/`),
      ...findImportsBetween(graph, `${SERVER}infra/`, `${SERVER}engine/`),
      ...findImportsBetween(graph, `${SERVER}infra/`, `${SERVER}seed/`),
      ...findImportsBetween(graph, `${SERVER}infra/`, `${SERVER}housekeeping/`),
      // schema.ts lists every table for drizzle-kit: that is its whole job.
    ].filter((edge) => !edge.startsWith(`${SERVER}infra/db/schema.ts → `));
    expect(upward).toEqual([]);
  });

  it('keeps test helpers out of the shipped code', () => {
    const shipped = [...graph.keys()].filter(
      (file) => file.startsWith(SERVER) && !/\.test\.tsx?$/.test(file),
    );
    const intoTests = shipped.flatMap((file) =>
      graph
        .get(file)!
        .filter((target) => target.startsWith('apps/server/test/') || /\.test\.tsx?$/.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(intoTests).toEqual([]);
  });

  it('keeps the contracts free of the server and the web', () => {
    expect([
      // Its tests may read the shipped definitions (apps/definitions), which are checked against it.
      ...findImportsBetween(graph, 'packages/contracts/src/', 'apps/').filter(
        (edge) => !edge.includes('.test.ts → '),
      ),
      ...findImportsBetween(graph, 'apps/web/src/', 'apps/server/'),
      ...findImportsBetween(graph, 'apps/server/src/', 'apps/web/'),
    ]).toEqual([]);
  });

  it("keeps the web's shared layer below its features", () => {
    expect(findImportsBetween(graph, 'apps/web/src/shared/', 'apps/web/src/features/')).toEqual([]);
  });
});
