import { z } from 'zod';
import { LocalizedTextSchema } from './localized-text.ts';
import { DefinitionKeySchema } from './primitives.ts';

/** The kinds of value a file index holds. */
export const FILE_INDEX_TYPES = ['text', 'integer', 'decimal', 'date', 'picklist'] as const;
export type FileIndexType = (typeof FILE_INDEX_TYPES)[number];

/** Most file indexes one attachments component may configure. */
export const MAX_FILE_INDEXES = 20;

/** One choice of a picklist file index: the stored value and its caption. */
export const FileIndexOptionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  label: LocalizedTextSchema,
});

/**
 * A file index (spec §7.6): a metadata field configured on an attachments component and filled per attached
 * file (document type, sheet number, km …), searchable across the application (getAllFileIndexes).
 */
export const FileIndexDefinitionSchema = z
  .object({
    key: DefinitionKeySchema,
    label: LocalizedTextSchema,
    type: z.enum(FILE_INDEX_TYPES),
    /** The choices of a picklist (required there, refused elsewhere). */
    options: z.array(FileIndexOptionSchema).min(1).max(200).optional(),
    required: z.boolean().default(false),
  })
  .superRefine((index, context) => {
    if (index.type === 'picklist' && !index.options)
      context.addIssue({ code: 'custom', path: ['options'], message: 'A picklist file index needs options' });
    if (index.type !== 'picklist' && index.options)
      context.addIssue({
        code: 'custom',
        path: ['options'],
        message: 'Only a picklist file index has options',
      });
    const values = (index.options ?? []).map((option) => option.value);
    if (new Set(values).size !== values.length)
      context.addIssue({ code: 'custom', path: ['options'], message: 'Option values must be unique' });
  });
export type FileIndexDefinition = z.infer<typeof FileIndexDefinitionSchema>;
export type FileIndexDefinitionInput = z.input<typeof FileIndexDefinitionSchema>;

/** The file indexes of one attachments component: keys unique. */
export const FileIndexListSchema = z
  .array(FileIndexDefinitionSchema)
  .max(MAX_FILE_INDEXES)
  .refine((indexes) => new Set(indexes.map((index) => index.key)).size === indexes.length, {
    message: 'File index keys must be unique',
  });
