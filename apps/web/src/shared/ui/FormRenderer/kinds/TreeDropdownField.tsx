import { MenuItem, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import type { TreeOption } from '../formRendererTypes.ts';
import { useBoundField } from '../useBoundField.ts';
import type { KindProps } from './kindProps.ts';
import { useTreeOptions } from './useTreeOptions.ts';

/** The options depth-first, each with its depth (for indentation); cycles and orphans cannot loop. */
export function flattenTree(options: readonly TreeOption[]): { option: TreeOption; depth: number }[] {
  const ids = new Set(options.map((option) => option.id));
  const byParent = new Map<number | null, TreeOption[]>();
  for (const option of options) {
    const parent = option.parentId !== null && ids.has(option.parentId) ? option.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), option]);
  }
  const result: { option: TreeOption; depth: number }[] = [];
  const seen = new Set<number>();
  const visit = (parent: number | null, depth: number) => {
    for (const option of byParent.get(parent) ?? []) {
      if (seen.has(option.id)) continue;
      seen.add(option.id);
      result.push({ option, depth });
      visit(option.id, depth + 1);
    }
  };
  visit(null, 0);
  return result;
}

/** Hierarchical choices (organisational structures, items with parents), indented by level. */
export function TreeDropdownField({ component }: KindProps<'treeDropdown'>) {
  const { t } = useTranslation();
  const { services, fieldsByKey, itemId } = useFormRenderer();
  const bound = useBoundField(component);
  const definition = fieldsByKey.get(component.field);
  const options = useTreeOptions(services, component.field, definition, itemId);
  const rows = useMemo(() => flattenTree(options.data ?? []), [options.data]);
  if (bound.hidden) return null;
  const { controller } = bound;
  const value = controller.field.value;
  // A stored value the options lack (not loaded yet, or no longer offered) still needs an entry to show.
  const unknownValue = typeof value === 'number' && !rows.some(({ option }) => option.id === value);
  return (
    <TextField
      select
      name={controller.field.name}
      inputRef={controller.field.ref}
      label={bound.label}
      value={typeof value === 'number' ? String(value) : ''}
      onChange={(event) =>
        controller.field.onChange(event.target.value === '' ? null : Number(event.target.value))
      }
      onBlur={controller.field.onBlur}
      required={bound.required}
      error={Boolean(bound.errorText)}
      helperText={bound.errorText ?? bound.hint}
      disabled={bound.readOnly}
      fullWidth
    >
      <MenuItem value="">
        <em>{t('form.noValue')}</em>
      </MenuItem>
      {unknownValue && (
        <MenuItem value={String(value)} sx={{ display: 'none' }}>
          {options.isPending ? t('form.loading') : String(value)}
        </MenuItem>
      )}
      {rows.map(({ option, depth }) => (
        <MenuItem key={option.id} value={String(option.id)} data-depth={depth} sx={{ pl: 2 + depth * 2.5 }}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
