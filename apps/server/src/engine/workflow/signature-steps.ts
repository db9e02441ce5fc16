import { type ComponentDefinition, LANGUAGES, localize, type WorkflowAction } from '@der/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/database.ts';
import { runtimeAttachmentVersions } from '../attachments/attachments.table.ts';
import type { ItemActor } from '../items/item-actor.ts';
import type { RuntimeItemRow } from '../items/items.table.ts';
import { documentsWidgetKey, findAttachmentNamed } from '../print-layouts/generate-document.ts';
import { printFileName } from '../print-layouts/print-layout-lookup.ts';
import { documentSignatures } from '../signatures/signatures.table.ts';
import { principalForAction, principalsOf } from './action-access.ts';

/**
 * The co-signature steps of a workflow (an action's `signatureRequired`): the document a print layout last
 * generated for the item must carry, in its current version, the signature of the user who runs the action.
 */

/** The attachment the print layout last produced for the item (named by the layout in either language), or null. */
export async function documentOfLayout(
  db: Db,
  definition: ComponentDefinition,
  item: RuntimeItemRow,
  printLayoutId: number,
): Promise<number | null> {
  const layout = definition.printLayouts.find((candidate) => candidate.id === printLayoutId);
  if (!layout || item.formattedId === null) return null;
  const widgetKey = documentsWidgetKey(definition);
  for (const language of LANGUAGES) {
    const fileName = printFileName(localize(layout.name, language), item.formattedId);
    const found = await findAttachmentNamed(db, item.id, widgetKey, fileName);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Whether the attachment's current file carries the user's signature: walking down from the current version
 * through the signatures added on top of each other (a signature keeps the ones before it), one is theirs. A
 * reissue or a replacement starts a new file, which their earlier signature does not cover.
 */
export async function carriesSignatureOf(db: Db, attachmentId: number, userId: number): Promise<boolean> {
  const versions = await db
    .select({ fileId: runtimeAttachmentVersions.fileId, kind: runtimeAttachmentVersions.kind })
    .from(runtimeAttachmentVersions)
    .where(eq(runtimeAttachmentVersions.attachmentId, attachmentId))
    .orderBy(desc(runtimeAttachmentVersions.version));
  for (const version of versions) {
    if (version.kind !== 'sign') return false;
    const [mine] = await db
      .select({ id: documentSignatures.id })
      .from(documentSignatures)
      .where(
        and(
          eq(documentSignatures.attachmentId, attachmentId),
          eq(documentSignatures.fileId, version.fileId),
          eq(documentSignatures.signedBy, userId),
        ),
      )
      .limit(1);
    if (mine) return true;
  }
  return false;
}

/** Whether the document the action's signature step names carries the user's signature in its current version. */
export async function signedTheStepDocument(
  db: Db,
  userId: number,
  definition: ComponentDefinition,
  item: RuntimeItemRow,
  action: WorkflowAction,
): Promise<boolean> {
  const step = action.signatureRequired;
  const attachmentId = step ? await documentOfLayout(db, definition, item, step.printLayoutId) : null;
  return attachmentId !== null && (await carriesSignatureOf(db, attachmentId, userId));
}

/** The print layout's name in the actor's language, for the refusal that asks them to sign it. */
export function signatureDocumentName(
  definition: ComponentDefinition,
  action: WorkflowAction,
  language: ItemActor['language'],
): string {
  const layout = definition.printLayouts.find((c) => c.id === action.signatureRequired?.printLayoutId);
  return layout ? localize(layout.name, language) : '';
}

/**
 * The documents the workflow waits for the actor to sign now: for each action leaving the item's status that
 * asks for a signature and that the actor may run, the document it names, unless the actor signed it already.
 * The attachment's 'Assinar' is offered (and accepted by the server) on these even when the actor may change
 * nothing else of the item.
 */
export async function documentsAwaitingSignatureOf(
  db: Db,
  actor: ItemActor,
  definition: ComponentDefinition,
  item: RuntimeItemRow,
  values: Record<string, unknown>,
  now: Date,
): Promise<number[]> {
  const status = item.status;
  const steps = (definition.workflow?.actions ?? []).filter(
    (action) => action.signatureRequired && status !== null && action.from.includes(status),
  );
  if (steps.length === 0) return [];
  const principals = principalsOf(db, actor, now);
  const awaiting = new Set<number>();
  for (const action of steps) {
    // Only the actor's own signature counts: a delegate cannot sign in someone else's name.
    if (!(await principalForAction(db, { ...principals, delegators: async () => [] }, item, values, action)))
      continue;
    const attachmentId = await documentOfLayout(
      db,
      definition,
      item,
      action.signatureRequired!.printLayoutId,
    );
    if (attachmentId !== null && !(await carriesSignatureOf(db, attachmentId, actor.userId)))
      awaiting.add(attachmentId);
  }
  return [...awaiting];
}
