import { inArray } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { organizationalUnits } from './organizational-units.table.ts';

interface DemoUnit {
  name: string;
  acronym: string;
  children?: readonly DemoUnit[];
}

/** A state highway department's structure (DER), as the demo projects and forms use it. */
export const DEMO_ORGANIZATIONAL_STRUCTURE: readonly DemoUnit[] = [
  {
    name: 'Superintendência',
    acronym: 'SUP',
    children: [
      {
        name: 'Diretoria de Operações',
        acronym: 'DO',
        children: [
          { name: 'Divisão de Faixa de Domínio', acronym: 'DFD' },
          { name: 'Divisão de Cargas Especiais / AET', acronym: 'DCE' },
          { name: 'Divisão de Fiscalização', acronym: 'DFI' },
        ],
      },
      {
        name: 'Diretoria de Engenharia',
        acronym: 'DE',
        children: [
          { name: 'Divisão de Projetos', acronym: 'DPR' },
          { name: 'Divisão de Conservação', acronym: 'DCO' },
        ],
      },
      { name: 'Diretoria Administrativa e Financeira', acronym: 'DAF' },
      {
        name: 'Residências Regionais',
        acronym: 'RR',
        children: [
          { name: 'Residência Regional de Campinas', acronym: 'RR-01' },
          { name: 'Residência Regional de Ribeirão Preto', acronym: 'RR-02' },
          { name: 'Residência Regional de Bauru', acronym: 'RR-03' },
          { name: 'Residência Regional de Registro', acronym: 'RR-04' },
        ],
      },
    ],
  },
];

/** Demo step (before the runtime items, which hold units): the structure, parents first. */
export async function seedDemoOrganizationalUnits(tx: Db): Promise<void> {
  const insertLevel = async (units: readonly DemoUnit[], parentId: number | null) => {
    for (const unit of units) {
      const [row] = await tx
        .insert(organizationalUnits)
        .values({ name: unit.name, acronym: unit.acronym, parentId })
        .returning({ id: organizationalUnits.id });
      if (unit.children) await insertLevel(unit.children, row!.id);
    }
  };
  await insertLevel(DEMO_ORGANIZATIONAL_STRUCTURE, null);
}

/** The ids of the units with these siglas (demo items name their unit by sigla). */
export async function unitIdsByAcronym(tx: Db, acronyms: readonly string[]): Promise<Map<string, number>> {
  if (acronyms.length === 0) return new Map();
  const rows = await tx
    .select({ id: organizationalUnits.id, acronym: organizationalUnits.acronym })
    .from(organizationalUnits)
    .where(inArray(organizationalUnits.acronym, [...acronyms]));
  return new Map(rows.map((row) => [row.acronym, row.id]));
}
