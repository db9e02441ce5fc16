import type { Company, CompanyRow, SaveCompanyBodySchema } from '@der/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { translateInfo } from '../../i18n/messages.ts';
import type { Db } from '../../infra/db/database.ts';
import { uniqueViolation } from '../../infra/db/unique-violation.ts';
import { AppError } from '../../infra/http/app-error.ts';
import { users } from '../accounts/accounts.table.ts';
import type { AdditionalFieldsService } from '../additional-fields/additional-fields.service.ts';
import type { AdminContext } from '../admin-users/admin-context.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { auditedAdditionalFields, diffFields, withSortedKeys } from '../audit/field-diff.ts';
import { companies } from './companies.table.ts';

type SaveCompanyInput = z.output<typeof SaveCompanyBodySchema>;

/** Companies and their users; the CNPJ arrives validated and normalised by the contract. */
export function createCompaniesService(deps: {
  db: Db;
  audit: AuditService;
  /** Checks the values of the administrator-defined fields of entity 'company' (server-authoritative). */
  additionalFields: Pick<AdditionalFieldsService, 'checkEditOrThrow'>;
  now: () => Date;
}) {
  const { db } = deps;

  async function assertCnpjFree(tx: Db, cnpj: string, exceptId: number) {
    const [clash] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.cnpj, cnpj), ne(companies.id, exceptId)))
      .limit(1);
    if (clash) throw new AppError('COMPANY_DUPLICATE_CNPJ');
  }

  return {
    async listCompanies(): Promise<CompanyRow[]> {
      return db
        .select({
          id: companies.id,
          cnpj: companies.cnpj,
          name: companies.name,
          tradeName: companies.tradeName,
          userCount: sql<number>`count(${users.id})::int`,
        })
        .from(companies)
        .leftJoin(users, eq(users.companyId, companies.id))
        .groupBy(companies.id)
        .orderBy(asc(companies.name));
    },

    async getCompany(companyId: number): Promise<Company> {
      const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
      if (!company) throw new AppError('NOT_FOUND');
      const members = await db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          login: users.login,
          disabled: users.disabled,
        })
        .from(users)
        .where(eq(users.companyId, companyId))
        .orderBy(asc(users.name));
      return {
        id: company.id,
        cnpj: company.cnpj,
        name: company.name,
        tradeName: company.tradeName,
        additionalFields: company.additionalFields,
        version: company.version,
        users: members.map(({ disabled, ...user }) => ({ ...user, active: !disabled })),
      };
    },

    async saveCompany(input: SaveCompanyInput, ctx: AdminContext) {
      const fields = { cnpj: input.cnpj, name: input.name, tradeName: input.tradeName };
      const checkAdditionalFields = (tx: Db, stored: Record<string, unknown>) =>
        deps.additionalFields.checkEditOrThrow('company', input.additionalFields, stored, ctx.language, tx);
      try {
        const saved = await db.transaction(async (tx) => {
          if (input.id === 0) {
            const additionalFields = await checkAdditionalFields(tx, {});
            await assertCnpjFree(tx, input.cnpj, 0);
            const [created] = await tx
              .insert(companies)
              .values({ ...fields, additionalFields })
              .returning({ id: companies.id, version: companies.version });
            await deps.audit.append(tx, {
              action: 'admin.company.created',
              actorUserId: ctx.actorUserId,
              ip: ctx.ip,
              target: `company:${created!.id}`,
              details: diffFields({}, { ...fields, ...auditedAdditionalFields(additionalFields) }),
            });
            return created!;
          }
          const [current] = await tx.select().from(companies).where(eq(companies.id, input.id)).for('update');
          if (!current) throw new AppError('NOT_FOUND');
          if (current.version !== input.version) throw new AppError('CONFLICT');
          const additionalFields = await checkAdditionalFields(tx, current.additionalFields);
          await assertCnpjFree(tx, input.cnpj, current.id);
          const [updated] = await tx
            .update(companies)
            .set({
              ...fields,
              additionalFields,
              version: sql`${companies.version} + 1`,
              updatedAt: deps.now(),
            })
            .where(eq(companies.id, current.id))
            .returning({ id: companies.id, version: companies.version });
          await deps.audit.append(tx, {
            action: 'admin.company.updated',
            actorUserId: ctx.actorUserId,
            ip: ctx.ip,
            target: `company:${current.id}`,
            details: diffFields(
              {
                cnpj: current.cnpj,
                name: current.name,
                tradeName: current.tradeName,
                additionalFields: withSortedKeys(current.additionalFields),
              },
              { ...fields, additionalFields: withSortedKeys(additionalFields) },
            ),
          });
          return updated!;
        });
        return {
          success: true as const,
          message: translateInfo('adminCompanySaved', ctx.language),
          ...saved,
        };
      } catch (error) {
        if (uniqueViolation(error) === 'companies_cnpj_unique') throw new AppError('COMPANY_DUPLICATE_CNPJ');
        throw error;
      }
    },

    /** The company's users stay, without a company. */
    async deleteCompanies(ids: number[], ctx: AdminContext) {
      await db.transaction(async (tx) => {
        const found = await tx
          .select()
          .from(companies)
          .where(inArray(companies.id, [...new Set(ids)]))
          .for('update');
        for (const company of found) {
          const released = await tx
            .update(users)
            .set({ companyId: null, version: sql`${users.version} + 1`, updatedAt: deps.now() })
            .where(eq(users.companyId, company.id))
            .returning({ id: users.id });
          await tx.delete(companies).where(eq(companies.id, company.id));
          await deps.audit.append(tx, {
            action: 'admin.company.deleted',
            actorUserId: ctx.actorUserId,
            ip: ctx.ip,
            target: `company:${company.id}`,
            details: {
              cnpj: { before: company.cnpj, after: null },
              name: { before: company.name, after: null },
              tradeName: { before: company.tradeName, after: null },
              ...(Object.keys(company.additionalFields).length > 0
                ? { additionalFields: { before: withSortedKeys(company.additionalFields), after: null } }
                : {}),
              userIds: { before: released.map((row) => row.id), after: [] },
            },
          });
        }
      });
      return { success: true as const, message: translateInfo('adminCompaniesRemoved', ctx.language) };
    },
  };
}
export type CompaniesService = ReturnType<typeof createCompaniesService>;
