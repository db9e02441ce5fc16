import {
  type ComponentDefinition,
  type FieldDefinition,
  localize,
  type PrintField,
  type PrintLayout,
} from '@der/contracts';
import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import { findComponent } from '../../engine/definitions/components.repo.ts';
import type { ItemData } from '../../engine/items/items.table.ts';
import { runtimeItemVersions } from '../../engine/items/items.table.ts';
import { SIGNATURE_SENTENCE } from '../../engine/print-layouts/item-print-source.ts';
import { formatPrintValue } from '../../engine/print-layouts/print-format.ts';
import type { PrintRecord, PrintSource } from '../../engine/print-layouts/print-inputs.ts';
import { getPrintLayoutOrThrow, printFileName } from '../../engine/print-layouts/print-layout-lookup.ts';
import { renderPrintLayout } from '../../engine/print-layouts/render-print-layout.ts';
import type { Db } from '../../infra/db/database.ts';
import { users } from '../accounts/accounts.table.ts';
import { AET_PRINT_LAYOUT_ID } from './aet-component.ts';
import type { IssuedAet } from './issued-aet.repo.ts';
import { publicRequerente } from './mask-requerente.ts';

/** The department's A1 (engine/signatures): signs the public copy as it signed the original. */
export interface AetSigner {
  loadDepartment(): Promise<unknown | null>;
  signWithDepartmentCertificate(
    pdf: Uint8Array,
    details: { reason: string; location: string; fileName?: string },
  ): Promise<{ pdf: Uint8Array } | null>;
}

type TableField = Extract<PrintField, { type: 'table' }>;

const fieldsOf = (component: ComponentDefinition): ReadonlyMap<string, FieldDefinition> =>
  new Map(component.fields.map((field) => [field.key, field]));

/** The same date-and-time text the issuing print wrote ('Emitida em'). */
const DATE_TIME = { kind: 'date', dateFormatType: 0 } as const;

function linkedIds(value: unknown): number[] {
  const entries = Array.isArray(value) ? value : value == null ? [] : [value];
  return entries
    .map((entry) =>
      entry && typeof entry === 'object' && 'id' in entry ? (entry as { id: unknown }).id : entry,
    )
    .filter((id): id is number => typeof id === 'number' && Number.isInteger(id));
}

/**
 * A linked table's rows as the linked items were when the AET was issued: each one's last version saved at or
 * before the issuing save (a vehicle whose plate changes later does not change the issued AET).
 */
async function rowsAsIssued(db: Db, aet: IssuedAet, table: TableField): Promise<PrintRecord[]> {
  if (table.rows.kind !== 'linked') return [];
  const fieldKey = table.rows.field;
  const targetId = aet.component.fields.find((field) => field.key === fieldKey)?.targetComponentId;
  const ids = linkedIds(aet.issuing.data[fieldKey]);
  if (targetId === undefined || ids.length === 0) return [];
  const target = await findComponent(db, targetId);
  if (!target) return [];
  const versions = await db
    .select({ itemId: runtimeItemVersions.itemId, snapshot: runtimeItemVersions.snapshot })
    .from(runtimeItemVersions)
    .where(
      and(
        inArray(runtimeItemVersions.itemId, ids),
        lte(runtimeItemVersions.changedAt, aet.issuing.changedAt),
      ),
    )
    .orderBy(desc(runtimeItemVersions.version));
  const asIssued = new Map<number, { formattedId?: string; data?: ItemData }>();
  for (const version of versions)
    if (!asIssued.has(version.itemId)) asIssued.set(version.itemId, version.snapshot as never);
  const fields = fieldsOf(target.definition);
  return ids
    .filter((id) => asIssued.has(id))
    .map((id) => {
      const snapshot = asIssued.get(id)!;
      return { values: { ...snapshot.data, ID: id, FormattedID: snapshot.formattedId ?? '' }, fields };
    });
}

/** What the layout prints of the issued AET, with a person's name and CPF masked (LGPD). */
async function publicSource(
  db: Db,
  aet: IssuedAet,
  layout: PrintLayout,
  options: { publicUrl: string; signed: boolean },
) {
  const data = aet.issuing.data;
  const requerente = publicRequerente(
    String(data.requerenteNome ?? ''),
    String(data.requerenteCpfCnpj ?? ''),
  );
  const status = aet.component.workflow?.statuses.find((candidate) => candidate.key === 'emitida');
  const values = {
    ...data,
    ID: aet.item.id,
    FormattedID: aet.issuing.formattedId,
    Title: aet.issuing.title,
    StatusName: status ? localize(status.name, 'pt-BR') : 'emitida',
    requerenteNome: requerente.name,
    requerenteCpfCnpj: requerente.document,
  };
  const rows = new Map<string, PrintRecord[]>();
  for (const field of layout.template.schemas.flat())
    if (field.type === 'table') rows.set(field.name, await rowsAsIssued(db, aet, field));
  const [issuer] =
    aet.issuing.changedBy === null
      ? []
      : await db.select({ name: users.name }).from(users).where(eq(users.id, aet.issuing.changedBy));
  // The masked value is text already: no field definition may format it again as a whole CPF.
  const fields = new Map(fieldsOf(aet.component));
  fields.delete('requerenteCpfCnpj');
  fields.delete('requerenteNome');
  const source: PrintSource = {
    record: { values, fields },
    rows,
    context: {
      publicUrl: options.publicUrl.replace(/\/+$/, ''),
      printedAt: formatPrintValue(DATE_TIME, undefined, aet.issuing.changedAt, 'pt-BR'),
      printedBy: issuer?.name ?? '',
      layoutName: localize(layout.name, 'pt-BR'),
      signature: options.signed ? SIGNATURE_SENTENCE['pt-BR'] : '',
      // The AET's own QR code (/validarAET) is its check; the public copy is no generated document.
      documentCheckUrl: '',
    },
    language: 'pt-BR',
  };
  return source;
}

/**
 * The public copy of an issued AET: the AET definition's layout over the request as it was issued, the
 * requerente masked, signed with the department's A1 like the original (the requerente's unmasked original is
 * the request's attachment). Without a department A1 it claims no signature.
 */
export async function renderPublicAetPdf(
  db: Db,
  aet: IssuedAet,
  options: { publicUrl: string; signer?: AetSigner | undefined },
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const layout = getPrintLayoutOrThrow(aet.component, AET_PRINT_LAYOUT_ID);
  const willSign = options.signer !== undefined && (await options.signer.loadDepartment()) !== null;
  const source = await publicSource(db, aet, layout, { publicUrl: options.publicUrl, signed: willSign });
  const number = String(aet.issuing.data.numeroAet ?? aet.issuing.formattedId);
  const { pdf, title } = await renderPrintLayout(layout, source, {
    at: aet.issuing.changedAt,
    subject: `AET nº ${number}`,
  });
  const fileName = printFileName(title, aet.issuing.formattedId);
  if (willSign) {
    const signed = await options.signer!.signWithDepartmentCertificate(pdf, {
      reason: `${title} ${aet.issuing.formattedId}`,
      location: 'DER',
      fileName,
    });
    if (signed) return { fileName, pdf: signed.pdf };
  }
  return { fileName, pdf };
}
