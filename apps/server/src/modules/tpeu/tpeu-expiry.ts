import {
  TPEU_END_ACTION,
  TPEU_EXPIRE_ACTION,
  TPEU_EXPIRING_STATUSES,
  TPEU_NOTICE_STATUS,
} from '@der/definitions';
import { findActiveComponentByName } from '../../engine/definitions/components.repo.ts';
import { runDatedTransition } from '../../engine/workflow/dated-transitions.ts';
import { systemAccountActor } from '../../engine/workflow/system-account.ts';
import type { Db } from '../../infra/db/database.ts';
import { startOfTodayInSaoPaulo } from '../aet/aet-expiry.ts';

/** The TPEU request (apps/definitions faixa-de-dominio/solicitacao-tpeu.ts) and the account of its automatic steps. */
export const TPEU_REQUEST_COMPONENT = 'SolicitacaoTPEU';
export const TPEU_SYSTEM_LOGIN = 'sistema-tpeu';

/**
 * The TPEU's daily steps (the housekeeper's round runs them): a permit whose withdrawal notice ran out is ended
 * ('encerrar', on the day after the date given), and one whose term is over expires ('expirar': not while a
 * renewal asked in time waits for the department), each through the
 * workflow as the TPEU system account. Idempotent and resumable (engine/workflow dated-transitions.ts).
 */
export async function runTpeuDailySteps(
  db: Db,
  now: Date,
): Promise<{ tpeusEnded: number; tpeusExpired: number }> {
  const component = await findActiveComponentByName(db, TPEU_REQUEST_COMPONENT);
  if (!component) return { tpeusEnded: 0, tpeusExpired: 0 };
  const options = {
    actor: await systemAccountActor(db, {
      login: TPEU_SYSTEM_LOGIN,
      name: 'Sistema de TPEU (processo automático)',
    }),
    boundary: startOfTodayInSaoPaulo(now).toISOString(),
    now,
  };
  const tpeusEnded = await runDatedTransition(
    db,
    component,
    { action: TPEU_END_ACTION, statuses: [TPEU_NOTICE_STATUS], dateField: 'dataEncerramento' },
    options,
  );
  const tpeusExpired = await runDatedTransition(
    db,
    component,
    { action: TPEU_EXPIRE_ACTION, statuses: TPEU_EXPIRING_STATUSES, dateField: 'fimVigencia' },
    options,
  );
  return { tpeusEnded, tpeusExpired };
}
