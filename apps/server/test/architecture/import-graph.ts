import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The relative imports between the repository's TypeScript files, type imports included: a type-only cycle
 * still ties two files' designs together, even if type stripping erases it at run time. Every relative
 * import in this repository names its file with the extension (Node runs the server's TypeScript as is), so
 * a specifier resolves to a path without a resolver.
 */
export type ImportGraph = Map<string, string[]>;

export const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

const SOURCE_FILE = /\.tsx?$/;
// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, across lines.
const RELATIVE_IMPORT =
  /(?:\b(?:import|export)\b[^'";]*?\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function listSourceFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The graph of every .ts/.tsx file under `directories` (relative to the repository root); keys are repository-relative. */
export function buildImportGraph(directories: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const directory of directories) {
    for (const file of listSourceFiles(path.join(repositoryRoot, directory))) {
      const text = readFileSync(file, 'utf8');
      const targets = new Set<string>();
      for (const match of text.matchAll(RELATIVE_IMPORT)) {
        const target = path.resolve(path.dirname(file), match[1]!);
        if (SOURCE_FILE.test(target)) targets.add(path.relative(repositoryRoot, target));
      }
      graph.set(path.relative(repositoryRoot, file), [...targets]);
    }
  }
  return graph;
}

/** The strongly connected components with more than one file (Tarjan), each sorted: every import cycle lives in one. */
export function findImportCycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  // Iterative, so a long import chain cannot overflow the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: root, next: 0 }];
    index.set(root, counter);
    lowLink.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work.at(-1)!;
      const targets = (graph.get(frame.node) ?? []).filter((target) => graph.has(target));
      if (frame.next < targets.length) {
        const target = targets[frame.next++]!;
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) lowLink.set(parent.node, Math.min(lowLink.get(parent.node)!, lowLink.get(frame.node)!));
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components;
}

/** Every import from a file whose path starts with `from` to one whose path starts with `to`. */
export function findImportsBetween(graph: ImportGraph, from: string, to: string): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    if (!file.startsWith(from)) continue;
    for (const target of targets) if (target.startsWith(to)) found.push(`${file} → ${target}`);
  }
  return found;
}
