import { FORM_MODES, type FormMode } from '@der/contracts';

/** Bulk and filter forms (spec §3 modes 3, 4, 6) never require a value: an empty field means "leave as is". */
export function modeEnforcesRequired(mode: FormMode): boolean {
  return mode === FORM_MODES.standard;
}

/** Modes that edit values (every mode but the read-only field list 5). */
export function modeIsEditable(mode: FormMode): boolean {
  return mode !== FORM_MODES.fieldList;
}

/** Linked data (history, links, children) belongs to one saved item: standard and field-list forms only. */
export function modeShowsItemData(mode: FormMode): boolean {
  return mode === FORM_MODES.standard || mode === FORM_MODES.fieldList;
}

/** Field-list modes (5, 6) lay every field out on its own row. */
export function modeIsFieldList(mode: FormMode): boolean {
  return mode === FORM_MODES.fieldList || mode === FORM_MODES.filterFieldList;
}
