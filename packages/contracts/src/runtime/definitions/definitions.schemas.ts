import { z } from 'zod';

/** Largest definition file accepted by the upload (JSON text). */
export const DEFINITION_FILE_MAX_BYTES = 8 * 1024 * 1024;

/** An installed application definition (administration list). */
export const DefinitionSummarySchema = z.object({
  key: z.string(),
  /** The application's name. */
  name: z.string(),
  applicationId: z.number().int(),
  version: z.number().int(),
  /** ISO instant. */
  importedAt: z.string(),
  /** Components in the current version (removed ones not counted). */
  components: z.number().int(),
});
export type DefinitionSummary = z.infer<typeof DefinitionSummarySchema>;

/**
 * One problem of a refused definition: `path` names the place in the document (`components[0].fields[3].key`,
 * '' for the document itself), `message` what is wrong. A refused import answers 400 DEFINITION_INVALID with
 * every problem in `details`.
 */
export const DefinitionIssueSchema = z.object({ path: z.string(), message: z.string() });
export type DefinitionIssue = z.infer<typeof DefinitionIssueSchema>;

/** The upload: the file's text (JSON), parsed and validated by the server. */
export const DefinitionImportBodySchema = z.object({
  /** Kept only for the audit trail. */
  fileName: z.string().trim().max(255).default(''),
  content: z.string({ error: 'required' }).min(1, { error: 'required' }).max(DEFINITION_FILE_MAX_BYTES),
});
export type DefinitionImportBody = z.input<typeof DefinitionImportBodySchema>;

export const DefinitionImportResultSchema = z.object({
  key: z.string(),
  version: z.number().int(),
  applicationId: z.number().int(),
  /** The application did not exist before this import. */
  created: z.boolean(),
  /** Component ids added, changed in place, and marked removed (their items are kept). */
  componentsAdded: z.array(z.number().int()),
  componentsUpdated: z.array(z.number().int()),
  componentsRemoved: z.array(z.number().int()),
  /** Groups the definition grants the application to that did not exist (created empty). */
  groupsCreated: z.array(z.string()),
});
export type DefinitionImportResult = z.infer<typeof DefinitionImportResultSchema>;

export const DefinitionKeyQuerySchema = z.object({ key: z.string().trim().min(1).max(64) });

/**
 * An administrator's edit of one reference table of an installed definition (its rows, typed by its columns):
 * saved as a new version of the definition. Bad cells answer 400 naming `rows.<n>.<column>`.
 */
export const ReferenceTableSaveBodySchema = z.object({
  /** The definition's key. */
  key: z.string().min(1).max(100),
  tableKey: z.string().min(1).max(100),
  /** Each row by column key; checked against the table's columns by the server (referenceRowIssues). */
  rows: z.array(z.record(z.string(), z.unknown())).max(5_000),
});
export type ReferenceTableSaveBody = z.input<typeof ReferenceTableSaveBodySchema>;
