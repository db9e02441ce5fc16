import { formatCnpj, maskCpfForPublic, normalizeCpf } from '@der/contracts';

/** A CPF (11 digits, no letters): the requerente is a person, whose data the public page masks (LGPD). */
export function isPersonDocument(document: string): boolean {
  return normalizeCpf(document).length === 11 && !/[A-Z]/i.test(document);
}

/** A person's name on a public page: each word's first letter, the rest starred ('J*** d* S****'). */
export function maskPersonName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => `${[...word][0]}${'*'.repeat(Math.max(1, [...word].length - 1))}`)
    .join(' ');
}

/**
 * The requerente as the public validation shows them: a person's name and CPF masked (`***.982.247-**`); a
 * company's name and CNPJ are public records and stay whole.
 */
export function publicRequerente(name: string, document: string): { name: string; document: string } {
  if (isPersonDocument(document)) return { name: maskPersonName(name), document: maskCpfForPublic(document) };
  return { name, document: document.trim() === '' ? '' : formatCnpj(document) };
}
