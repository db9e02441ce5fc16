import {
  ACCOUNT_IDENTITY_VALUES,
  type AccountValue,
  type ComponentDefinition,
  type FieldDefinition,
  fieldValueOf,
} from '@der/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { permissionarioProfiles, requerenteProfiles, users } from '../../modules/accounts/accounts.table.ts';
import { companies } from '../../modules/companies/companies.table.ts';
import type { ItemActor } from './item-actor.ts';
import type { FieldIssue } from './item-changes.ts';

/** The signed-in account's values a field may come from (field `fromAccount`); absent: the account has none. */
export type AccountValues = Partial<Record<AccountValue, string>>;

/** Administrator-defined user fields (additional fields) that hold an account's phone, in this order. */
const PHONE_FIELD_NAMES = ['telefone', 'phone', 'celular'];

const isExternal = (actor: ItemActor) => actor.kind === 'requerente' || actor.kind === 'permissionario';

const accountFieldsOf = (component: ComponentDefinition) =>
  component.fields.filter((field) => field.fromAccount !== undefined && !field.deprecated);

/** The account's own values: name and e-mail, CPF/CNPJ and person type of its portal profile, its company. */
export async function readAccountValues(db: Db, userId: number): Promise<AccountValues> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      additionalFields: users.additionalFields,
      requerenteTipo: requerenteProfiles.tipo,
      requerenteCpfCnpj: requerenteProfiles.cpfCnpj,
      permissionarioTipo: permissionarioProfiles.tipo,
      permissionarioCpfCnpj: permissionarioProfiles.cpfCnpj,
      companyName: companies.name,
    })
    .from(users)
    .leftJoin(requerenteProfiles, eq(requerenteProfiles.userId, users.id))
    .leftJoin(permissionarioProfiles, eq(permissionarioProfiles.userId, users.id))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return {};
  const values: AccountValues = { name: row.name, email: row.email };
  const cpfCnpj = row.requerenteCpfCnpj ?? row.permissionarioCpfCnpj;
  const personType = row.requerenteTipo ?? row.permissionarioTipo;
  if (cpfCnpj) values.cpfCnpj = cpfCnpj;
  if (personType) values.personType = personType;
  // A company's account is registered in its own name (razão social) when it has no company record.
  const companyName = row.companyName ?? (personType === 'juridica' ? row.name : undefined);
  if (companyName) values.companyName = companyName;
  const phone = PHONE_FIELD_NAMES.map((name) => row.additionalFields[name]).find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (phone) values.phone = phone;
  return values;
}

/** A new item's values from the account (the insert form starts with them); {} without such fields. */
export async function accountStartValues(
  db: Db,
  actor: ItemActor,
  component: ComponentDefinition,
): Promise<Record<string, unknown>> {
  const fields = accountFieldsOf(component);
  if (fields.length === 0) return {};
  const account = await readAccountValues(db, actor.userId);
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    const value = account[field.fromAccount as AccountValue];
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/** A value in its stored form, to compare what was sent with the account's (CPF punctuation, capitals). */
function storedForm(field: FieldDefinition, value: unknown): unknown {
  const checked = fieldValueOf(field, value, false);
  return checked.ok ? checked.value : value;
}

/**
 * The identity an external user files under is their account's (decision of issue 20: a requerente cannot
 * request in someone else's name). A new item gets the account's identity values where the writer sent none;
 * a sent value other than the account's — on a new or a stored item — is refused naming the field. Staff
 * (analysts filing for someone) and the seed write them freely. Answers the changes to save and the refusals.
 */
export async function bindAccountIdentity(
  db: Db,
  actor: ItemActor,
  component: ComponentDefinition,
  sent: Readonly<Record<string, unknown>>,
  isNew: boolean,
  cache?: { account?: AccountValues },
): Promise<{ changes: Record<string, unknown>; issues: FieldIssue[] }> {
  const bound = accountFieldsOf(component).filter((field) =>
    ACCOUNT_IDENTITY_VALUES.includes(field.fromAccount as AccountValue),
  );
  if (!isExternal(actor) || bound.length === 0) return { changes: { ...sent }, issues: [] };
  if (!isNew && !bound.some((field) => Object.hasOwn(sent, field.key)))
    return { changes: { ...sent }, issues: [] };
  const account = cache?.account ?? (await readAccountValues(db, actor.userId));
  if (cache) cache.account = account;
  const changes: Record<string, unknown> = { ...sent };
  const issues: FieldIssue[] = [];
  for (const field of bound) {
    const own = account[field.fromAccount as AccountValue];
    if (own === undefined) continue;
    if (!Object.hasOwn(sent, field.key)) {
      if (isNew) changes[field.key] = own;
      continue;
    }
    if (JSON.stringify(storedForm(field, sent[field.key])) !== JSON.stringify(storedForm(field, own)))
      issues.push({ field: field.key, message: 'accountBound' });
  }
  return { changes, issues };
}
