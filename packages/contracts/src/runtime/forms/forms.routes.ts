import { defineRoute } from '../../common/route.ts';
import {
  ChangesSinceCorrectionResultSchema,
  GetChangesSinceCorrectionQuerySchema,
} from './changes-since-correction.schemas.ts';
import {
  AttributeChangesResultSchema,
  ExecuteFormBusinessRuleBodySchema,
  FormItemSchema,
  FormStateSchema,
  FormViewSchema,
  GetAttributeChangesQuerySchema,
  GetFormInitialDataQuerySchema,
  GetFormQuerySchema,
  GetHistoryQuerySchema,
  HistoryResultSchema,
  RefreshItemBodySchema,
  SaveItemBodySchema,
  SaveItemResultSchema,
  ShowHideFieldBodySchema,
  ShowHideFieldResultSchema,
} from './forms.schemas.ts';

const tags = ['generic items'];

/**
 * Spec §7.6 form calls of generic items. Items the caller may not see answer 404 as unknown ones; saving an
 * item they see but may not change answers 403 ITEM_EDIT_FORBIDDEN ('O usuário não tem permissão para editar
 * o item.'); a stale version 409 ITEM_VERSION_CONFLICT naming who changed what. Business rules run on the
 * server before saving, as the authority: their errors answer 400 naming the fields.
 */
export const formRoutes = {
  getForm: defineRoute({
    method: 'GET',
    path: '/genericItem/getForm',
    access: 'session',
    summary: "A component's form: its layout, its fields resolved, and the rules the browser mirrors",
    tags,
    querystring: GetFormQuerySchema,
    response: FormViewSchema,
  }),
  getFormInitialData: defineRoute({
    method: 'GET',
    path: '/genericItem/getFormInitialData',
    access: 'session',
    summary: 'The values a new item starts with (constant and rule defaults), visibility and required-ness',
    tags,
    querystring: GetFormInitialDataQuerySchema,
    response: FormStateSchema,
  }),
  saveItem: defineRoute({
    method: 'POST',
    path: '/genericItem/saveItem',
    access: 'session',
    summary:
      'Inserts or updates an item from a form, after the business rules (saveAndClear answers a new form)',
    tags,
    body: SaveItemBodySchema,
    response: SaveItemResultSchema,
  }),
  refreshItem: defineRoute({
    method: 'POST',
    path: '/genericItem/refreshItem',
    access: 'session',
    summary: 'The item as stored now, and whether the user may change it',
    tags,
    body: RefreshItemBodySchema,
    response: FormItemSchema,
  }),
  executeFormBusinessRule: defineRoute({
    method: 'POST',
    path: '/genericItem/executeFormBusinessRule',
    access: 'session',
    summary: 'Runs the business rules of a form event (or one action rule) over the values sent',
    tags,
    body: ExecuteFormBusinessRuleBodySchema,
    response: FormStateSchema,
  }),
  getHistory: defineRoute({
    method: 'GET',
    path: '/genericItem/getHistory',
    access: 'session',
    summary: "An item's versions: who, when, which fields",
    tags,
    querystring: GetHistoryQuerySchema,
    response: HistoryResultSchema,
  }),
  getHistoryFull: defineRoute({
    method: 'GET',
    path: '/genericItem/getHistoryFull',
    access: 'session',
    summary: "An item's versions with every field change, old and new values formatted",
    tags,
    querystring: GetHistoryQuerySchema,
    response: HistoryResultSchema,
  }),
  getChangesSinceCorrection: defineRoute({
    method: 'GET',
    path: '/genericItem/getChangesSinceCorrection',
    access: 'session',
    summary:
      "What changed since the item's last request for correction: its reason, who asked, each field before and after",
    tags,
    querystring: GetChangesSinceCorrectionQuerySchema,
    response: ChangesSinceCorrectionResultSchema,
  }),
  getAttributeChanges: defineRoute({
    method: 'GET',
    path: '/genericItem/getAttributeChanges',
    access: 'session',
    summary: 'Field-by-field changes between two versions of an item, with labels and formatted values',
    tags,
    querystring: GetAttributeChangesQuerySchema,
    response: AttributeChangesResultSchema,
  }),
  showHideField: defineRoute({
    method: 'POST',
    path: '/genericItem/showHideField',
    access: 'session',
    summary: 'Shows or hides a field of a component for the user (per project); presentation only',
    tags,
    body: ShowHideFieldBodySchema,
    response: ShowHideFieldResultSchema,
  }),
};
