import type { Language, LocalizedText } from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';
import { refusalText } from '../workflow/workflow-refusals.ts';

/** The texts of the bulk calls' own refusals (the items' refusals are the write path's). */
export const BULK_REFUSALS = {
  emptyChanges: {
    'pt-BR': 'Escolha pelo menos um campo para atualizar',
    en: 'Choose at least one field to update',
  },
  noMatch: {
    'pt-BR': 'Nenhum item corresponde ao filtro atual',
    en: 'No item matches the current filter',
  },
  tooMany: {
    'pt-BR': 'Uma operação em massa cobre no máximo {limit} itens; refine o filtro',
    en: 'A bulk operation covers at most {limit} items; narrow the filter',
  },
  alreadyEnded: {
    'pt-BR': 'Esta operação em massa já terminou',
    en: 'This bulk operation has already ended',
  },
  nothingToRetry: {
    'pt-BR': 'Não há itens com falha ou interrompidos para tentar novamente',
    en: 'There are no failed or interrupted items to retry',
  },
} satisfies Record<string, LocalizedText>;
export type BulkRefusal = keyof typeof BULK_REFUSALS;

/** 400 VALIDATION_FAILED naming `field`, with the refusal's code and its text in `language`. */
export function bulkRefusal(
  field: string,
  code: BulkRefusal,
  language: Language,
  params?: Record<string, string>,
): AppError {
  // The workflow refusals' shape (field, code, text): the web reads every refusal of the runtime alike.
  return new AppError('VALIDATION_FAILED', [
    { field, code, message: refusalText(BULK_REFUSALS[code], language, params) },
  ]);
}
