import type { ValidationMessageKey } from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';

/**
 * A refused filter, sort or column: 400 VALIDATION_FAILED whose detail names the field (`filters.<name>`,
 * `sort.<name>`), so the translated Message reads "Invalid data in the fields: filters.valor".
 */
export function fieldError(
  place: 'filters' | 'sort' | 'viewColumns' | 'after' | 'field',
  name: string,
  message: ValidationMessageKey,
): AppError {
  return new AppError('VALIDATION_FAILED', [{ field: `${place}.${name}`, message }]);
}
