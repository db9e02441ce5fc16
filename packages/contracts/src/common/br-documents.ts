/**
 * Brazilian document rules (domain.md, "Brazilian data rules"), shared by the server (authoritative) and the
 * web app (instant feedback). Inputs may carry mask punctuation; it is stripped first.
 */

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/** Removes mask punctuation and upper-cases: CNPJs are stored as 14 uppercase characters. */
export const normalizeCnpj = (value: string) => value.replace(/[.\-/\s]/g, '').toUpperCase();
export const normalizeCpf = onlyDigits;

/** The mod-11 check digit shared by CPF and CNPJ: remainder < 2 → 0, else 11 − remainder. */
function mod11CheckDigit(values: number[], weights: number[]): number {
  const sum = values.reduce((total, value, index) => total + value * (weights[index] ?? 0), 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

const descendingWeights = (from: number, count: number) => Array.from({ length: count }, (_, i) => from - i);

export function isValidCpf(input: string): boolean {
  const cpf = normalizeCpf(input);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const first = mod11CheckDigit(digits.slice(0, 9), descendingWeights(10, 9));
  const second = mod11CheckDigit(digits.slice(0, 10), descendingWeights(11, 10));
  return digits[9] === first && digits[10] === second;
}

const CNPJ_FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Value of a CNPJ character: its ASCII code − 48 (digits keep their value; 'A' is 17). */
const cnpjCharValue = (char: string) => char.charCodeAt(0) - 48;

/**
 * The two check digits of a 12-character CNPJ base. Since July 2026 the base may be alphanumeric
 * (IN RFB 2.229/2024); numeric CNPJs are the special case of the same algorithm.
 */
export function cnpjCheckDigits(base: string): string {
  const values = [...base].map(cnpjCharValue);
  const first = mod11CheckDigit(values, CNPJ_FIRST_WEIGHTS);
  const second = mod11CheckDigit([...values, first], CNPJ_SECOND_WEIGHTS);
  return `${first}${second}`;
}

export function isValidCnpj(input: string): boolean {
  const cnpj = normalizeCnpj(input);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  return cnpjCheckDigits(cnpj.slice(0, 12)) === cnpj.slice(12);
}

export function cpfCheckDigits(base: string): string {
  const digits = [...base].map(Number);
  const first = mod11CheckDigit(digits, descendingWeights(10, 9));
  const second = mod11CheckDigit([...digits, first], descendingWeights(11, 10));
  return `${first}${second}`;
}

/** RENAVAM: 11 digits (old 9-digit numbers padded with 00); check = (Σ × 10) mod 11, 10 → 0. */
export function isValidRenavam(input: string): boolean {
  let renavam = onlyDigits(input);
  if (renavam.length === 9) renavam = `00${renavam}`;
  if (!/^\d{11}$/.test(renavam)) return false;
  const weights = [3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...renavam.slice(0, 10)].reduce(
    (total, digit, index) => total + Number(digit) * (weights[index] ?? 0),
    0,
  );
  const check = (sum * 10) % 11;
  return (check === 10 ? 0 : check) === Number(renavam[10]);
}

const OLD_PLATE = /^[A-Z]{3}[0-9]{4}$/;
const MERCOSUL_PLATE = /^[A-Z]{3}[0-9][A-Z][0-9]{2}$/;
export const normalizePlate = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
export const isValidPlate = (input: string) => {
  const plate = normalizePlate(input);
  return OLD_PLATE.test(plate) || MERCOSUL_PLATE.test(plate);
};

/** The Mercosul form of a plate: the 5th character 0→A … 9→J. Mercosul plates are returned unchanged. */
export function toMercosulPlate(input: string): string {
  const plate = normalizePlate(input);
  if (!OLD_PLATE.test(plate)) return plate;
  return `${plate.slice(0, 4)}${String.fromCharCode(65 + Number(plate[4]))}${plate.slice(5)}`;
}

export const isValidCep = (input: string) => /^\d{8}$/.test(onlyDigits(input));

/** Masks of spec §5: CPF 999.999.999-99, CNPJ SS.SSS.SSS/SSSS-NN (alphanumeric-ready). */
export function formatCpf(input: string): string {
  const cpf = normalizeCpf(input);
  return cpf.length === 11
    ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`
    : input;
}

export function formatCnpj(input: string): string {
  const cnpj = normalizeCnpj(input);
  return cnpj.length === 14
    ? `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    : input;
}

/** LGPD masking for public pages: only the middle of a CPF is shown (`***.982.247-**`). */
export function maskCpfForPublic(input: string): string {
  const cpf = normalizeCpf(input);
  return cpf.length === 11 ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : '***';
}
