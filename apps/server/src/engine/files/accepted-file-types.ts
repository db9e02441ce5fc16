import { type ComponentDefinition, childrenOf, type FormComponent } from '@der/contracts';
import type { Db } from '../../infra/db/database.ts';
import type { FieldIssue } from '../items/item-changes.ts';
import { fileIds } from './file-references.ts';
import { listFileMetas } from './files.repo.ts';

/** What the forms' file choosers let a BINARY field hold: extensions (none: any) and at most how many files. */
interface FileRule {
  accept: string[] | null;
  maxFiles: number | null;
}

const rulesByComponent = new WeakMap<ComponentDefinition, Map<string, FileRule>>();

function* walk(components: readonly FormComponent[]): Generator<FormComponent> {
  for (const component of components) {
    yield component;
    yield* walk(childrenOf(component));
  }
}

/**
 * Per BINARY field, the union of what its file choosers accept (a chooser that names no extension accepts any)
 * and the largest of their caps: the server holds a save to what the forms offer, so a type the form refuses
 * cannot come in by a call (a spreadsheet of a drawing where a PDF is stamped, say).
 */
export function fileRulesOf(component: ComponentDefinition): Map<string, FileRule> {
  // Every save and every imported row asks: the forms are walked once per loaded definition.
  const cached = rulesByComponent.get(component);
  if (cached) return cached;
  const rules = new Map<string, FileRule>();
  rulesByComponent.set(component, rules);
  for (const form of component.forms)
    for (const control of walk(form.layout)) {
      if (control.type !== 'fileChooser') continue;
      const known = rules.get(control.field);
      const accept = control.accept.length === 0 ? null : control.accept;
      const maxFiles = control.maxFiles ?? null;
      rules.set(
        control.field,
        known
          ? {
              accept:
                known.accept === null || accept === null ? null : [...new Set([...known.accept, ...accept])],
              maxFiles:
                known.maxFiles === null || maxFiles === null ? null : Math.max(known.maxFiles, maxFiles),
            }
          : { accept, maxFiles },
      );
    }
  return rules;
}

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
};

/**
 * The refusals of a save's BINARY values by their fields' choosers: too many files, or a file (among `added`,
 * the ones this save brings in) whose extension the choosers do not accept, named with what they accept.
 */
export async function fileRuleIssues(
  tx: Db,
  component: ComponentDefinition,
  values: ReadonlyArray<{ field: { key: string; type: string }; value: unknown }>,
  added: ReadonlyArray<{ field: { key: string }; value: unknown }>,
): Promise<FieldIssue[]> {
  const rules = fileRulesOf(component);
  if (rules.size === 0) return [];
  const issues: FieldIssue[] = [];
  for (const { field, value } of values) {
    const rule = rules.get(field.key);
    if (field.type !== 'BINARY' || !rule?.maxFiles || !Array.isArray(value)) continue;
    if (value.length > rule.maxFiles)
      issues.push({ field: field.key, message: 'tooManyFiles', params: { maximum: rule.maxFiles } });
  }
  const checked = added.filter(({ field }) => rules.get(field.key)?.accept);
  const ids = checked.flatMap(({ value }) => fileIds(value));
  if (ids.length === 0) return issues;
  const names = new Map((await listFileMetas(tx, ids)).map((meta) => [meta.id, meta.fileName]));
  for (const { field, value } of checked) {
    const accept = rules.get(field.key)!.accept!;
    const refused = fileIds(value)
      .map((id) => names.get(id))
      .find((name) => name !== undefined && !accept.includes(extensionOf(name)));
    if (refused !== undefined)
      issues.push({
        field: field.key,
        message: 'fileTypeNotAccepted',
        params: { name: refused, types: accept.join(', ') },
      });
  }
  return issues;
}
