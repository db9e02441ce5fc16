import {
  type ComponentDefinition,
  childrenOf,
  DEFAULT_ATTACHMENTS_KEY,
  type FormComponent,
  localize,
} from '@der/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import type { FileStore } from '../../infra/storage/file-store.ts';
import { addAttachmentVersion, insertAttachment } from '../attachments/attachments.repo.ts';
import { runtimeAttachments, runtimeAttachmentVersions } from '../attachments/attachments.table.ts';
import { insertFile } from '../files/files.repo.ts';
import { runtimeFiles } from '../files/files.table.ts';
import type { ItemActor } from '../items/item-actor.ts';
import { type RuntimeItemRow, runtimeItemVersions } from '../items/items.table.ts';
import type { SignedPdf } from '../signatures/pades/sign-pdf.ts';
import {
  checkUrlOf,
  newPublicUid,
  publicUidOf,
  recordDepartmentSignature,
  registerPublicUid,
} from '../signatures/public-documents.ts';
import { getPrintLayoutOrThrow, printFileName } from './print-layout-lookup.ts';
import { printItem } from './print-layouts.service.ts';

/** The key under which the item's history records a generated document (form-history.ts labels it). */
export const GENERATED_DOCUMENT_CHANGE = 'GeneratedDocument';

/** What the history keeps of a generated document. */
export interface GeneratedDocumentChange {
  fileName: string;
  layoutVersion: number;
  /** False when signing was asked but the department has no A1: the document was attached unsigned. */
  signed: boolean;
  signatureAsked: boolean;
}

/** The department's A1 (engine/signatures signing-certificates.ts); null when none is configured. */
export interface DepartmentSigner {
  loadDepartment(): Promise<unknown | null>;
  signWithDepartmentCertificate(
    pdf: Uint8Array,
    details: { reason: string; location: string; fileName?: string },
  ): Promise<SignedPdf | null>;
}

export interface DocumentGenerationDeps {
  fileStore: FileStore;
  signer: DepartmentSigner;
  publicUrl: string;
}

let wired: DocumentGenerationDeps | null = null;

/**
 * The file store, the department's signer and the public address, handed over by the composition root (app.ts)
 * as the operation runner is: the workflow's effects run inside the one write path, which has no app to ask.
 */
export function setDocumentGeneration(deps: DocumentGenerationDeps): void {
  wired = deps;
}

/** What setDocumentGeneration handed over; throws when the composition root wired nothing. */
export function documentGeneration(): DocumentGenerationDeps {
  if (!wired) throw new Error('print layouts: no document generation wired (app.ts setDocumentGeneration)');
  return wired;
}

function* walk(components: readonly FormComponent[]): Generator<FormComponent> {
  for (const component of components) {
    yield component;
    yield* walk(childrenOf(component));
  }
}

/** The first attachments component of the component's forms: where its users see the document. */
export function documentsWidgetKey(definition: ComponentDefinition): string {
  for (const form of definition.forms)
    for (const component of walk(form.layout))
      if (component.type === 'attachments') return component.key ?? DEFAULT_ATTACHMENTS_KEY;
  return DEFAULT_ATTACHMENTS_KEY;
}

/** An attachment of the item whose current file has this name (the same layout printed before), or null. */
export async function findAttachmentNamed(tx: Db, itemId: number, widgetKey: string, fileName: string) {
  const rows = await tx
    .select({
      id: runtimeAttachments.id,
      fileName: runtimeFiles.fileName,
      version: runtimeAttachmentVersions.version,
    })
    .from(runtimeAttachments)
    .innerJoin(runtimeAttachmentVersions, eq(runtimeAttachmentVersions.attachmentId, runtimeAttachments.id))
    .innerJoin(runtimeFiles, eq(runtimeFiles.id, runtimeAttachmentVersions.fileId))
    .where(
      and(
        eq(runtimeAttachments.itemId, itemId),
        eq(runtimeAttachments.widgetKey, widgetKey),
        isNull(runtimeAttachments.deletedAt),
      ),
    )
    .orderBy(desc(runtimeAttachmentVersions.version));
  // Newest version of each attachment first: the attachment's current name is its first row.
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    if (row.fileName === fileName) return row.id;
  }
  return null;
}

/**
 * The workflow effect generateDocument, in the action's transaction: renders the print layout over the item as
 * saved (the fields set by the same action included), signs it with the department's A1 when the effect or the
 * layout asks, and attaches it to the item — a new version of the attachment the same layout produced before,
 * else a new attachment in the form's first attachments component. The action's version row names the document,
 * so the item's history shows it. Without a department A1 the document is attached unsigned and the history says
 * so: issuing must not stop because an administrator has not uploaded the certificate yet, and the PDF never
 * claims a signature it lacks. `attach: false` keeps nothing (the effect has nothing else to do).
 */
export async function generateDocument(
  tx: Db,
  actor: ItemActor,
  definition: ComponentDefinition,
  saved: RuntimeItemRow,
  effect: { printLayoutId: number; attach: boolean; sign: boolean },
  now: Date,
): Promise<GeneratedDocumentChange | null> {
  if (!effect.attach) return null;
  const deps = documentGeneration();
  const layout = getPrintLayoutOrThrow(definition, effect.printLayoutId);
  const signatureAsked = effect.sign || layout.sign;
  // The PDF says it is signed only when it will be: the certificate is looked up before drawing it.
  const willSign = signatureAsked && (await deps.signer.loadDepartment()) !== null;
  const widgetKey = documentsWidgetKey(definition);
  const fileName = printFileName(localize(layout.name, actor.language), saved.formattedId);
  const previous = await findAttachmentNamed(tx, saved.id, widgetKey, fileName);
  // The QR code is printed before the attachment exists: a reissue keeps the uid its first issue printed.
  const uid = (previous === null ? null : await publicUidOf(tx, previous)) ?? newPublicUid();
  const printed = await printItem(tx, actor, definition, saved, layout, {
    publicUrl: deps.publicUrl,
    at: now,
    signed: willSign,
    documentCheckUrl: checkUrlOf(deps.publicUrl, uid),
  });
  const signed = willSign
    ? await deps.signer.signWithDepartmentCertificate(printed.pdf, {
        reason: `${printed.title} ${saved.formattedId}`,
        location: 'DER',
        fileName: printed.fileName,
      })
    : null;
  const file = await insertFile(tx, deps.fileStore, {
    uploadedBy: actor.userId,
    uploadedAt: now,
    fileName: printed.fileName,
    mediaType: 'application/pdf',
    content: Buffer.from(signed?.pdf ?? printed.pdf),
  });
  // Only a signed version is authentic for the public check: an unsigned one is kept, and the check says so.
  const kind = signed ? 'sign' : previous === null ? 'upload' : 'replace';
  const added = { fileId: file.id, createdBy: actor.userId, createdAt: now };
  const attachmentId =
    previous ??
    (await insertAttachment(tx, {
      itemId: saved.id,
      widgetKey,
      fileId: file.id,
      addedBy: actor.userId,
      addedAt: now,
      kind,
    }));
  if (previous !== null) await addAttachmentVersion(tx, { attachmentId, kind, ...added });
  await registerPublicUid(tx, uid, attachmentId);
  if (signed)
    await recordDepartmentSignature(tx, { attachmentId, fileId: file.id, signedBy: actor.userId, signed });
  const change: GeneratedDocumentChange = {
    fileName: printed.fileName,
    layoutVersion: layout.version,
    signed: signed !== null,
    signatureAsked,
  };
  await tx
    .update(runtimeItemVersions)
    .set({
      changes: sql`${runtimeItemVersions.changes} || ${JSON.stringify({
        [GENERATED_DOCUMENT_CHANGE]: { from: null, to: change },
      })}::jsonb`,
    })
    .where(and(eq(runtimeItemVersions.itemId, saved.id), eq(runtimeItemVersions.version, saved.version)));
  return change;
}
