import { sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { companies } from './companies.table.ts';

/** A company named by a registration: its CNPJ (normalised, as profiles store it), legal and trade names. */
export interface RegisteredCompany {
  cnpj: string;
  name: string;
  tradeName: string;
}

/**
 * The companies registrations name (issue 22: 'Empresas' stayed empty, the users' company column blank): an
 * account registered as a pessoa jurídica is that company's user. The company is found by its CNPJ or created
 * from the registration; an existing one keeps the names an administrator may have corrected.
 */
export function createCompanyLinks() {
  return {
    /** The id of the company with this CNPJ, created from the registration when there is none. */
    async findOrCreateByCnpj(db: Db, company: RegisteredCompany): Promise<number> {
      const [created] = await db
        .insert(companies)
        .values(company)
        .onConflictDoNothing({ target: companies.cnpj })
        .returning({ id: companies.id });
      if (created) return created.id;
      const [existing] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(sql`${companies.cnpj} = ${company.cnpj}`);
      if (!existing) throw new Error(`company ${company.cnpj} neither inserted nor found`);
      return existing.id;
    },
  };
}
export type CompanyLinks = ReturnType<typeof createCompanyLinks>;

/**
 * Creates the companies of the accounts registered as pessoa jurídica (permissionários and requerentes) and
 * links those users to them; users already linked are left alone. The same statements as the migration
 * 0017_registered_companies, for data written after it ran (the demo accounts of the first start).
 */
export async function linkRegisteredCompanies(db: Db): Promise<void> {
  await db.execute(sql`
    insert into companies (cnpj, name, trade_name)
    select distinct on (cnpj) cnpj, name, trade_name from (
      select p.cpf_cnpj as cnpj, u.name, p.nome_fantasia as trade_name
        from users u join permissionario_profiles p on p.user_id = u.id where p.tipo = 'juridica'
      union all
      select r.cpf_cnpj, u.name, '' from users u join requerente_profiles r on r.user_id = u.id where r.tipo = 'juridica'
    ) registered
    order by cnpj, trade_name desc
    on conflict (cnpj) do nothing`);
  await db.execute(sql`
    update users u set company_id = c.id
      from permissionario_profiles p join companies c on c.cnpj = p.cpf_cnpj
     where p.user_id = u.id and p.tipo = 'juridica' and u.company_id is null`);
  await db.execute(sql`
    update users u set company_id = c.id
      from requerente_profiles r join companies c on c.cnpj = r.cpf_cnpj
     where r.user_id = u.id and r.tipo = 'juridica' and u.company_id is null`);
}
