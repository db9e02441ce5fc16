import { randomBytes, randomInt } from 'node:crypto';
import { cnpjCheckDigits, cpfCheckDigits } from '../../packages/contracts/src/common/br-documents.ts';

/** Data unique per test: several tests register accounts on one server, in parallel. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}.${uniqueSuffix()}@e2e.der.test`;
}

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join('');
}

/** A valid CPF, digits only (never the all-equal-digits ones, which the rules refuse). */
export function randomCpf(): string {
  let base = randomDigits(9);
  while (/^(\d)\1{8}$/.test(base)) base = randomDigits(9);
  return base + cpfCheckDigits(base);
}

/** A valid numeric CNPJ, digits only: an 8-digit root and branch 0001. */
export function randomCnpj(): string {
  const base = `${randomDigits(8)}0001`;
  return base + cnpjCheckDigits(base);
}

/** 999.999.999-99 */
export function formatCpf(cpf: string): string {
  return cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
}

/** 99.999.999/9999-99 */
export function formatCnpj(cnpj: string): string {
  return cnpj.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
}

/** A password the policy accepts (8+ characters, not a common one, not the login). */
export function strongPassword(): string {
  return `E2e-${randomBytes(6).toString('base64url')}-Der9`;
}
