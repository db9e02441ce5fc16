import { attachmentFileReferences } from '../engine/attachments/attachment-file-references.ts';
import type { FileReferenceSource } from '../engine/files/file-reference-source.ts';
import { itemFieldFileReferences } from '../engine/files/item-file-references.ts';

/**
 * Every kind of row that holds stored files: the orphan sweep removes a file only when none of these holds it
 * (orphan-files.ts). Here, above the engine's modules, so that each module's source can be listed without an
 * import cycle. A module whose rows hold file ids adds its source to this list.
 */
export const FILE_REFERENCE_SOURCES: readonly FileReferenceSource[] = [
  itemFieldFileReferences,
  attachmentFileReferences,
];
