import { z } from 'zod';
import { FieldKeySchema } from './field.ts';

/**
 * Numeric id chosen by the definition's author for a form, list view, saved query, kanban/schedule/calendar
 * view, print layout or report. Like component ids they are unique across the platform, because the routes of
 * spec §2.9 name them without their component (e.g. `kanban/{viewID}`).
 */
export const DefinitionIdSchema = z.number().int().positive().max(2_147_483_647);

/** A '#RRGGBB' colour (status, lane and option colours). */
export const ColorSchema = z.string().regex(/^#[0-9A-Fa-f]{6}$/);

/**
 * An expression of the safe expression language (JSONata-like) run by the business-rule engine. Only the text
 * is kept here: parsing and evaluation belong to the rule engine, never to `eval`.
 */
export const ExpressionSchema = z.string().trim().min(1).max(4000);

/**
 * A reference to a field from a form, view, query or rule: a configured field key of the same component or a
 * system field key (SYSTEM_FIELD_KEYS). Existence is checked by validateApplicationDefinition.
 */
export const FieldReferenceSchema = FieldKeySchema;

/** Keys inside a definition (statuses, actions, rules, form components): stable, technical, URL-safe. */
export const DefinitionKeySchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,62}$/);
