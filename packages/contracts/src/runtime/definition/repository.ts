import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionIdSchema, DefinitionKeySchema } from './primitives.ts';

/**
 * A project document repository (spec §2.9 `repositories`, `repository/{projectId}/{fileForm}/{folderForm}`,
 * `repositoryView`). Decided design (issue 17): the repository is made of items, so the one write path, the
 * visibility rule, the history and the attachments apply to it unchanged —
 * - a folder is an item of `folderComponentId` in the project; its parent folder is the item's parent (none:
 *   a root folder);
 * - a file is an item of `fileComponentId` whose parent is its folder; its document is the attachment of the
 *   file form's `attachments` component named `attachmentsKey` (versions, file indexes, signatures);
 * - moving a file or a folder changes the item's parent through the one save.
 * The route names the repository by its two form ids (unique across the platform).
 */
export const RepositoryDefinitionSchema = z.strictObject({
  key: DefinitionKeySchema,
  name: LocalizedTextSchema,
  /** The projects that hold a repository: items of this project component. */
  projectComponentId: DefinitionIdSchema,
  folderComponentId: DefinitionIdSchema,
  folderFormId: DefinitionIdSchema,
  fileComponentId: DefinitionIdSchema,
  fileFormId: DefinitionIdSchema,
  /** The key of the file form's `attachments` component that holds each file's document. */
  attachmentsKey: DefinitionKeySchema,
});
export type RepositoryDefinition = z.infer<typeof RepositoryDefinitionSchema>;
export type RepositoryDefinitionInput = z.input<typeof RepositoryDefinitionSchema>;
