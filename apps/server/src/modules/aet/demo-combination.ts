import type { RuntimeItemRow } from '../../engine/items/items.table.ts';

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A tractor and a semi-trailer of the requerente's fleet for the n-th demo AET, and the request's weights made
 * consistent with them: the rules compute ΣPBT and the tractor's CMT from the units (composicao.ts) and refuse a
 * PBTC above either, so the PBTC asked (within the framing's limits) is capped by what the pair may carry, and
 * the load is the PBTC less the units' tare. The heaviest pairs first.
 */
export function demoCombination(fleet: readonly RuntimeItemRow[], index: number, requestedPbtc: number) {
  const tractors = fleet
    .filter((vehicle) => vehicle.data.tipoVeiculo === 'cavaloTrator')
    .sort((a, b) => num(b.data.cmt) - num(a.data.cmt));
  const trailers = fleet
    .filter((vehicle) => vehicle.data.tipoVeiculo === 'semirreboque')
    .sort((a, b) => num(b.data.pbt) - num(a.data.pbt));
  if (tractors.length === 0 || trailers.length === 0)
    throw new Error('the requerente has no tractor or semi-trailer');
  const tractor = tractors[index % tractors.length]!;
  const trailer = trailers[index % trailers.length]!;
  const somaPbt = round1(num(tractor.data.pbt) + num(trailer.data.pbt));
  const cmt = num(tractor.data.cmt);
  const tare = num(tractor.data.tara) + num(trailer.data.tara);
  const pbtc = round1(Math.min(requestedPbtc, Math.min(somaPbt, cmt) * 0.95));
  return {
    composicao: [tractor.id, trailer.id],
    placaCavalo: tractor.data.placa,
    somaPbt,
    cmtCavalo: cmt,
    pbtc,
    cargaPeso: round1(Math.max(1, pbtc - tare)),
    excedePeso: pbtc > 57,
  };
}
