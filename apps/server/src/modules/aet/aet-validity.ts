import type { AetSituation } from '@der/contracts';
import type { IssuedStatus } from './aet-component.ts';

const SAO_PAULO_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day (`YYYY-MM-DD`) of an instant in America/Sao_Paulo, where the AET's days are counted. */
export function saoPauloDay(at: Date | string): string {
  return SAO_PAULO_DAY.format(typeof at === 'string' ? new Date(at) : at);
}

/** The validity days of an issued AET's values (the layout prints days: the AET holds all of its last day). */
export function validityDays(data: Record<string, unknown>): {
  validFrom: string | null;
  validUntil: string | null;
} {
  const day = (value: unknown) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? saoPauloDay(value) : null;
  return { validFrom: day(data.dataInicioValidade), validUntil: day(data.dataFimValidade) };
}

/**
 * Where an issued AET stands today: the department's suspension, cancellation and the daily job's expiry are
 * statuses; an 'emitida' one is vigente on its days, not yet valid before them and already expired after its
 * last day even before the daily job has run (the job only records it).
 */
export function aetSituation(
  status: IssuedStatus,
  days: { validFrom: string | null; validUntil: string | null },
  now: Date,
): AetSituation {
  if (status !== 'emitida') return status;
  const today = saoPauloDay(now);
  if (days.validUntil !== null && today > days.validUntil) return 'expirada';
  if (days.validFrom !== null && today < days.validFrom) return 'aguardandoInicio';
  return 'vigente';
}
