import { isValidationMessageKey } from '@der/contracts';
import type { TFunction } from 'i18next';

/**
 * Text of a field error: zod issues of the contract schemas carry a key of VALIDATION_MESSAGES (loaded under
 * `validation.*`); server field errors arrive already translated and are shown as they are.
 */
export function translateFieldError(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isValidationMessageKey(message) ? t(`validation.${message}`) : message;
}
