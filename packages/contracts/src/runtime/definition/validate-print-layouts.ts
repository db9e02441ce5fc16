import { assertNever } from '../../common/route.ts';
import type { ComponentDefinition } from './component.ts';
import type { PathSegment } from './definition-path.ts';
import {
  PRINT_CONTEXT_KEYS,
  PRINT_PAGE_VARIABLES,
  type PrintBinding,
  type PrintField,
  type PrintLayout,
  printTemplateKeys,
} from './print-layout.ts';
import { tableColumnFields } from './table-rows.ts';
import {
  type ComponentScope,
  checkFieldRef,
  createComponentScope,
  isSystemFieldKey,
} from './validation-scope.ts';

const CONTEXT_KEYS: ReadonlySet<string> = new Set(PRINT_CONTEXT_KEYS);
const PAGE_VARIABLES: ReadonlySet<string> = new Set(PRINT_PAGE_VARIABLES);
/** A column's shares may be given with decimals: 33.33 × 3 is a whole table. */
const WIDTH_TOLERANCE = 0.5;

/** `{name}` of a multiVariableText or a header/footer text (pdfme's single-brace placeholders). */
function singleBraceNames(text: string): string[] {
  return [...text.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '');
}

function checkBinding(scope: ComponentScope, binding: PrintBinding, path: PathSegment[]): void {
  switch (binding.kind) {
    case 'field':
      checkFieldRef(scope, binding.field, [...path, 'field']);
      break;
    case 'context':
    case 'literal':
      break;
    case 'template':
      for (const language of ['pt-BR', 'en'] as const) {
        for (const key of printTemplateKeys(binding.text[language])) {
          if (scope.fields.has(key) || isSystemFieldKey(key) || CONTEXT_KEYS.has(key)) continue;
          scope.collector.report(
            [...scope.path, ...path, 'text', language],
            `unknown template key '{{${key}}}'`,
          );
        }
      }
      break;
    default:
      assertNever(binding);
  }
}

/** The component whose items a table lists, or undefined (reported) when the definition has none. */
function rowComponentOf(
  scope: ComponentScope,
  field: Extract<PrintField, { type: 'table' }>,
  components: ReadonlyMap<number, ComponentDefinition>,
  path: PathSegment[],
): ComponentDefinition | undefined {
  const rows = field.rows;
  switch (rows.kind) {
    case 'children': {
      const component = components.get(rows.componentId);
      if (!component)
        scope.collector.report(
          [...scope.path, ...path, 'rows', 'componentId'],
          `no component ${rows.componentId} in this application`,
        );
      return component;
    }
    case 'linked': {
      const reference = checkFieldRef(scope, rows.field, [...path, 'rows', 'field'], {
        types: ['GENERIC_ITEM_TYPE'],
        systemKeys: 'none',
      });
      if (reference?.type !== 'GENERIC_ITEM_TYPE' || reference.targetComponentId === undefined)
        return undefined;
      const component = components.get(reference.targetComponentId);
      if (!component)
        scope.collector.report(
          [...scope.path, ...path, 'rows', 'field'],
          `field '${rows.field}' links component ${reference.targetComponentId}, which is not in this application`,
        );
      return component;
    }
    case 'tableField': {
      const reference = checkFieldRef(scope, rows.field, [...path, 'rows', 'field'], {
        types: ['TABLE'],
        systemKeys: 'none',
      });
      // A row binds the table's columns as if they were the fields of an item.
      return reference?.type === 'TABLE'
        ? { ...scope.component, fields: tableColumnFields(reference) }
        : undefined;
    }
    default:
      return assertNever(rows);
  }
}

function checkField(
  scope: ComponentScope,
  field: PrintField,
  path: PathSegment[],
  components: ReadonlyMap<number, ComponentDefinition>,
): void {
  switch (field.type) {
    case 'text':
    case 'qrcode':
      checkBinding(scope, field.binding, [...path, 'binding']);
      break;
    case 'multiVariableText': {
      for (const language of ['pt-BR', 'en'] as const) {
        for (const name of singleBraceNames(field.text[language])) {
          if (!(name in field.variables))
            scope.collector.report(
              [...scope.path, ...path, 'text', language],
              `no variable '${name}' is bound`,
            );
        }
      }
      for (const [name, binding] of Object.entries(field.variables))
        checkBinding(scope, binding, [...path, 'variables', name]);
      break;
    }
    case 'table': {
      const total = field.columns.reduce((sum, column) => sum + column.width, 0);
      if (Math.abs(total - 100) > WIDTH_TOLERANCE)
        scope.collector.report(
          [...scope.path, ...path, 'columns'],
          `column widths add up to ${total}, not 100`,
        );
      const rowComponent = rowComponentOf(scope, field, components, path);
      if (!rowComponent) break;
      const rowScope = { ...createComponentScope(rowComponent, scope.path, scope.collector) };
      field.columns.forEach((column, index) => {
        checkBinding(rowScope, column.binding, [...path, 'columns', index, 'binding']);
      });
      break;
    }
    case 'image':
    case 'line':
    case 'rectangle':
      break;
    default:
      assertNever(field);
  }
}

/** A field must lie on its page: pdfme would draw it off the paper without a word. */
function checkBox(
  scope: ComponentScope,
  layout: PrintLayout,
  field: { position: { x: number; y: number }; width: number; height: number },
  path: PathSegment[],
): void {
  const page = layout.template.basePdf;
  if (field.position.x + field.width > page.width + WIDTH_TOLERANCE)
    scope.collector.report(
      [...scope.path, ...path, 'width'],
      `the field passes the page's right edge (${page.width} mm)`,
    );
  if (field.position.y + field.height > page.height + WIDTH_TOLERANCE)
    scope.collector.report(
      [...scope.path, ...path, 'height'],
      `the field passes the page's bottom (${page.height} mm)`,
    );
}

/**
 * Print layouts: field names unique in a layout (pdfme keys inputs by name), every field on its page, bindings
 * naming fields of the item (tables: of their rows' component, which must be in this application), template
 * and multiVariableText placeholders all bound, and header/footer texts using only the page variables.
 */
export function checkPrintLayouts(
  scope: ComponentScope,
  components: ReadonlyMap<number, ComponentDefinition>,
): void {
  scope.component.printLayouts.forEach((layout, layoutIndex) => {
    const base: PathSegment[] = ['printLayouts', layoutIndex, 'template'];
    const names = new Map<string, string>();
    const claim = (name: string, path: PathSegment[]) => {
      const first = names.get(name);
      if (first)
        scope.collector.report(
          [...scope.path, ...path, 'name'],
          `duplicate field name '${name}' (also ${first})`,
        );
      else names.set(name, path.slice(2).join('.'));
    };
    layout.template.basePdf.staticSchema.forEach((field, index) => {
      const path = [...base, 'basePdf', 'staticSchema', index];
      claim(field.name, path);
      checkBox(scope, layout, field, path);
      if (field.type !== 'text') return;
      for (const language of ['pt-BR', 'en'] as const) {
        const text = field.content[language];
        const unknown = singleBraceNames(text).filter((name) => !PAGE_VARIABLES.has(name));
        const stray = text.replace(/\{[^{}]*\}/g, '').match(/[{}]/);
        if (unknown.length > 0 || stray)
          scope.collector.report(
            [...scope.path, ...path, 'content', language],
            'a header or footer text may use only {currentPage} and {totalPages}',
          );
      }
    });
    layout.template.schemas.forEach((page, pageIndex) => {
      page.forEach((field, index) => {
        const path = [...base, 'schemas', pageIndex, index];
        claim(field.name, path);
        checkBox(scope, layout, field, path);
        checkField(scope, field, path, components);
      });
    });
  });
}
