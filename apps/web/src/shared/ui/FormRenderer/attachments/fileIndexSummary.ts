import { type FileIndexDefinition, type FileIndexValues, localize } from '@der/contracts';

/** The filled file indexes of an attachment as 'Label: value' texts (a picklist by its option's caption). */
export function fileIndexSummary(
  indexes: readonly FileIndexDefinition[],
  values: FileIndexValues,
  language: string,
): string[] {
  return indexes.flatMap((index) => {
    const value = values[index.key];
    if (value === null || value === undefined || value === '') return [];
    const option = index.options?.find((candidate) => candidate.value === value);
    const shown =
      option !== undefined
        ? localize(option.label, language)
        : index.type === 'date' && typeof value === 'string'
          ? new Date(`${value}T00:00:00`).toLocaleDateString(language)
          : typeof value === 'number'
            ? new Intl.NumberFormat(language).format(value)
            : String(value);
    return [`${localize(index.label, language)}: ${shown}`];
  });
}
