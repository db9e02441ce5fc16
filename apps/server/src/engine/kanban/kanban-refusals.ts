import type { Language } from '@der/contracts';
import { AppError } from '../../infra/http/app-error.ts';

/** The board's own refusals (the action's and the save's come from the workflow and the one save). */
const KANBAN_REFUSALS = {
  unreachable: {
    'pt-BR': 'Nenhuma ação sua leva este cartão para a raia {lane}',
    en: 'No action of yours takes this card to the lane {lane}',
  },
  unknownLane: { 'pt-BR': 'Esta raia não existe neste quadro', en: 'This lane is not on this board' },
  sameLane: { 'pt-BR': 'O cartão já está nesta raia', en: 'The card is already in this lane' },
} as const;

/** 400 naming `lane`, in the caller's language (as the workflow's refusals name `action`). */
export function laneRefusal(key: keyof typeof KANBAN_REFUSALS, language: Language, lane = ''): AppError {
  const message = KANBAN_REFUSALS[key][language].replace('{lane}', lane);
  return new AppError('VALIDATION_FAILED', [{ field: 'lane', message }]);
}
