/**
 * A small deterministic random source for the demo data (mulberry32): the same seed gives the same demo on
 * every installation, so screenshots, manuals and e2e runs see the same items.
 */
export function createDemoRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    /** A number with `decimals` decimal places in [min, max]. */
    decimal: (min: number, max: number, decimals = 2) =>
      Number((min + next() * (max - min)).toFixed(decimals)),
    pick: <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!,
    chance: (probability: number) => next() < probability,
    digits: (count: number) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
  };
}
export type DemoRandom = ReturnType<typeof createDemoRandom>;

/** A valid RENAVAM: 10 digits and the check digit ((Σ × 10) mod 11, 10 → 0). */
export function demoRenavam(random: DemoRandom): string {
  const base = random.digits(10);
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...base].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  const check = (sum * 10) % 11;
  return `${base}${check === 10 ? 0 : check}`;
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** A Mercosul plate (ABC1D23). */
export function demoPlate(random: DemoRandom): string {
  const letter = () => LETTERS[random.int(0, LETTERS.length - 1)]!;
  return `${letter()}${letter()}${letter()}${random.int(0, 9)}${letter()}${random.digits(2)}`;
}

/** A 17-character vehicle identification number (no I, O or Q). */
export function demoChassis(random: DemoRandom): string {
  const alphabet = '0123456789ABCDEFGHJKLMNPRSTUVWXYZ';
  return `9BS${Array.from({ length: 14 }, () => alphabet[random.int(0, alphabet.length - 1)]).join('')}`;
}

const DAY_MS = 86_400_000;

const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

/**
 * An instant `days` days from `from` at a given hour of São Paulo (UTC−3), as ISO text. The days are São Paulo's:
 * from 21:00 to midnight there it is already the next day in UTC, and a demo AET 'valid from today' was not yet valid.
 */
export function daysFrom(from: Date, days: number, hour = 9): string {
  const local = new Date(from.getTime() - SAO_PAULO_OFFSET_MS);
  const midnightUtc = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  return new Date(midnightUtc + days * DAY_MS + (hour + 3) * 3_600_000).toISOString();
}

export function daysBefore(from: Date, days: number): Date {
  return new Date(from.getTime() - days * DAY_MS);
}
