import { z } from 'zod';
import { ComponentDefinitionSchema } from './component.ts';
import { MenuItemDefinitionSchema } from './menu.ts';
import { OperationDefinitionSchema } from './operation.ts';
import { ReferenceTableSchema } from './reference-table.ts';
import { RepositoryDefinitionSchema } from './repository.ts';

/** Bumped when the shape of definition documents changes incompatibly; importers refuse other values. */
export const DEFINITION_SCHEMA_VERSION = 1;

/**
 * One application definition document (architecture.md "The runtime engine"): the application (spec §3
 * "Application"), who may open it, its menu and its components. Stored in the database, imported and exported
 * as a JSON file, and versioned by `version`. Cross-references are checked by validateApplicationDefinition.
 */
export const ApplicationDefinitionSchema = z
  .object({
    schemaVersion: z.literal(DEFINITION_SCHEMA_VERSION),
    /** Stable identity of the application across versions and installations (e.g. 'aet'). */
    key: z.string().regex(/^[a-z][a-z0-9-]{1,40}$/),
    /** Increases with every published change; importing a lower or equal version than the stored one is refused. */
    version: z.number().int().positive(),
    /** The application's name in the chooser and the shell (applications.name). */
    name: z.string().trim().min(1).max(100),
    iconName: z.string().max(100).default(''),
    isFontAwesomeIcon: z.boolean().default(false),
    /** A data:image URL shown instead of the icon, or ''. */
    imageContent: z
      .string()
      .max(2_000_000)
      .regex(/^(data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=]+)?$/)
      .default(''),
    displayOnToolbar: z.boolean().default(false),
    /** When true, the application opens `urlLink` in a new tab instead of the runtime shell. */
    urlBehavior: z.boolean().default(false),
    urlLink: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).default(''),
    /** The version shown in the shell's header (free text, e.g. '1.0'). */
    appVersion: z.string().trim().min(1).max(20).default('1.0'),
    collapsedMenu: z.boolean().default(false),
    /** Names of the groups whose members may open the application (administrators open every application). */
    groups: z.array(z.string().trim().min(1).max(100)).default([]),
    menu: z.array(MenuItemDefinitionSchema).default([]),
    components: z.array(ComponentDefinitionSchema),
    /** Application operations (spec §2.9 operation route); checked by validateApplicationDefinition. */
    operations: z.array(OperationDefinitionSchema).default([]),
    /** Project document repositories (spec §2.9; repository.ts); checked by validateApplicationDefinition. */
    repositories: z.array(RepositoryDefinitionSchema).default([]),
    /** Configuration tables the application's rules and processes read (reference-table.ts). */
    referenceTables: z.array(ReferenceTableSchema).max(50).default([]),
  })
  .superRefine((application, context) => {
    const tableKeys = new Set<string>();
    application.referenceTables.forEach((table, index) => {
      if (tableKeys.has(table.key))
        context.addIssue({
          code: 'custom',
          path: ['referenceTables', index, 'key'],
          message: 'duplicate reference table key',
        });
      tableKeys.add(table.key);
    });
    if (application.urlBehavior && application.urlLink === '') {
      context.addIssue({
        code: 'custom',
        path: ['urlLink'],
        message: 'an application opening a URL needs urlLink',
      });
    }
  });
export type ApplicationDefinition = z.infer<typeof ApplicationDefinitionSchema>;
export type ApplicationDefinitionInput = z.input<typeof ApplicationDefinitionSchema>;
