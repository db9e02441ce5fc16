import type {
  ActivityResources,
  AttributeChange,
  FieldDefinition,
  FormComponent,
  FormMode,
  GetActionsResult,
  ItemTimesheet,
  ItemTypeInfo,
  Language,
  ProjectCalendar,
  ProjectCalendarEntry,
  ProjectConfiguration,
  ProjectResources,
} from '@der/contracts';
import type { AttachmentAction, FormAttachmentServices } from './attachments/attachmentTypes.ts';

/** The item's values by field key (configured keys and the writable system keys such as Title). */
export type FormValues = Record<string, unknown>;

/** What the business rules say about the form for the current values (spec §5; evaluated on load and change). */
export interface FormRuleState {
  /** Field keys hidden by a visibility rule. */
  hidden: ReadonlySet<string>;
  /** Field keys made required by a rule (besides the fields' own `required`). */
  required: ReadonlySet<string>;
  /** For a draft: field keys not required yet that leaving the initial status will require. */
  requiredLater: ReadonlySet<string>;
  /** Values derived by computedValue rules (those fields are read-only). */
  computed: Readonly<Record<string, unknown>>;
  /** Values set by defaults on load and by action rules (the fields stay editable). */
  assigned: Readonly<Record<string, unknown>>;
  /** Validation messages of failed validation rules, by field key (already in the UI language). */
  messages: Readonly<Record<string, string>>;
}

export const EMPTY_RULE_STATE: FormRuleState = {
  hidden: new Set(),
  required: new Set(),
  requiredLater: new Set(),
  computed: {},
  assigned: {},
  messages: {},
};

/**
 * Evaluates the component's rules for the values when the form loads and when a field changes; the same rule
 * engine runs on the server (authoritative) before saving.
 */
export type FormRuleEvaluator = (input: {
  values: FormValues;
  event: 'load' | 'change';
  changedField?: string;
  language: Language;
}) => Promise<FormRuleState>;

/** A CEP lookup answer: the address parts, or the server's message when it could not find or ask. */
export type AddressLookup =
  | { found: true; street: string; district: string; city: string; state: string }
  | { found: false; message: string };

/** One saved version of the item (getHistory). */
export interface ItemHistoryEntry {
  version: number;
  action: string;
  changedBy: string;
  /** ISO instant. */
  changedAt: string;
}

/** A row of linked data (links, children, many-to-many, timeline, grids). */
export interface RelatedRow {
  id: number;
  formattedId: string;
  title: string;
  /** ISO instant, for time lines. */
  date?: string;
}

/** An item a linked-data widget lists (many-to-many, child items, time line, item links). */
export interface LinkedRow {
  id: number;
  componentId: number;
  formattedId: string;
  title: string;
  /** The item's edit route, when a form of its component is known; null lists it without a link. */
  editPath: string | null;
}

/** A child item on a time line, with the date it is ordered by (ISO instant; null: listed last). */
export interface TimelineRow {
  date: string | null;
  row: LinkedRow;
}

/** A free link of the item: 'outgoing' the item links to `row`, 'incoming' `row` links to the item. */
export interface ItemLinkRow {
  linkId: number;
  direction: 'outgoing' | 'incoming';
  row: LinkedRow;
}

/** An item a many-to-many widget may link (the autocomplete's choices). */
export interface LinkChoice {
  id: number;
  formattedId: string;
  title: string;
}

type ManyToManyComponent = Extract<FormComponent, { type: 'manyToMany' }>;

/** A predecessor of the item (predecessorActivities), with its status as its workflow names and colours it. */
export interface PredecessorRow {
  row: LinkedRow;
  statusName: string | null;
  /** '#RRGGBB', null when the workflow gives none. */
  statusColor: string | null;
  /** Its status is a final one: it is done. */
  finished: boolean;
}

/** Who follows the item (notifications), and whether the user does. */
export interface ItemFollowers {
  following: boolean;
  followers: Array<{ userId: number; name: string; avatar?: string | undefined }>;
}

/**
 * The calls that change the item's relations from its form (itemLinks, predecessorActivities, notifications).
 * Changes resolve the new state, or null when the server refused and the page has told the user why; values
 * the server refuses (a cycle, another project) reject with an Error whose message the widget shows.
 */
export interface ItemRelationServices {
  /** Items the user may link ('link') or make a predecessor ('predecessor': the item's project only). */
  searchLinkable: (relation: 'link' | 'predecessor', search: string) => Promise<LinkChoice[]>;
  addItemLink: (linkedItemId: number) => Promise<ItemLinkRow[] | null>;
  removeItemLink: (linkId: number) => Promise<ItemLinkRow[] | null>;
  loadPredecessors: () => Promise<PredecessorRow[]>;
  /** Replaces the whole set of predecessors. */
  setPredecessors: (predecessorIds: number[]) => Promise<PredecessorRow[] | null>;
  loadFollowers: () => Promise<ItemFollowers>;
  setFollowing: (follow: boolean) => Promise<ItemFollowers>;
}

/** The server's linked-data calls for the saved item the form shows (spec §7.6 linked data). */
export interface FormLinkServices {
  loadManyToMany: (widget: ManyToManyComponent) => Promise<LinkedRow[]>;
  searchManyToMany: (widget: ManyToManyComponent, search: string) => Promise<LinkChoice[]>;
  /**
   * Sets the whole set of items the widget links (a new version of the item). Resolves the linked rows after
   * the change, or null when the server refused it: the page has told the user why (the conflict dialog of a
   * stale version, the §6 refusal, a message).
   */
  setManyToMany: (widget: ManyToManyComponent, linkedIds: number[]) => Promise<LinkedRow[] | null>;
  /** Child items (parent = the item) of a component; `formId` is the form their edit links open. */
  loadChildren: (childComponentId: number, formId?: number) => Promise<LinkedRow[]>;
  /** Child items of a component ordered by a date, oldest first. */
  loadTimeline: (childComponentId: number) => Promise<TimelineRow[]>;
  /** The item's free links, both directions. */
  loadItemLinks: () => Promise<ItemLinkRow[]>;
  /**
   * Changing links and predecessors, following the item; without them (a renderer without those calls) the
   * itemLinks widget only lists, and predecessorActivities and notifications fall back to the plain list.
   */
  relations?: ItemRelationServices;
  /** The first page of a component's items through a saved query and view (a data grid). */
  loadQueryItems: (componentId: number, queryId?: number, viewId?: number) => Promise<QueryItemsPage>;
}

/** The first rows of a saved query, and how many match in all (`capped`: at least that many). */
export interface QueryItemsPage {
  rows: LinkedRow[];
  total: number;
  capped: boolean;
}

/** A stored file as the file inputs show it (the value of a BINARY field is a list of their ids). */
export interface StoredFileInfo {
  fileId: number;
  name: string;
  size: number;
  mediaType: string;
}

/** A stored reference value: an id, a status key, or a USERS_OR_GROUPS `{ kind, id }` entry. */
export type ReferenceValue = number | string | { kind: 'user' | 'group'; id: number };

/** One choice of a reference field (users, groups, companies, projects, items, units, statuses). */
export interface ReferenceOption {
  /** Unique among the field's choices ('user:5' for USERS_OR_GROUPS entries). */
  key: string;
  value: ReferenceValue;
  label: string;
  avatar?: string;
  /** USERS_OR_GROUPS: what the entry is, shown beside the name. */
  kind?: 'user' | 'group';
}

/** The choosers of reference fields: search by text, and the labels of stored values. */
export interface ReferenceServices {
  search: (field: FieldDefinition, text: string) => Promise<ReferenceOption[]>;
  resolve: (field: FieldDefinition, values: readonly ReferenceValue[]) => Promise<ReferenceOption[]>;
}

/** One choice of a tree dropdown. */
export interface TreeOption {
  id: number;
  label: string;
  parentId: number | null;
}

/** An item on the project calendar, with its edit route (null: its component has no form to open). */
export interface ProjectCalendarRow extends ProjectCalendarEntry {
  editPath: string | null;
}

/** An item type a new item of the project may be, with its insert route (null: it has no form). */
export interface ItemTypeChoiceRow {
  componentId: number;
  label: string;
  insertPath: string | null;
}

/**
 * The project widgets' calls (projectCalendar, projectResource, configuration, itemType). They answer for the
 * saved item, or on an insert into a project for that project; `itemId` and `projectId` say which.
 */
export interface FormProjectServices {
  /** The saved item (null on an insert). */
  itemId: number | null;
  /** The project a new item goes into (null: none, or a saved item). */
  projectId: number | null;
  /** The form's component (the item type a new item currently is). */
  componentId: number;
  loadCalendar: (
    from: string,
    to: string,
  ) => Promise<{
    project: ProjectCalendar['project'];
    entries: ProjectCalendarRow[];
    capped: boolean;
    /** Days the project's working calendar does not work (shaded); none when unknown. */
    nonWorkingDays?: string[];
  }>;
  loadResources: () => Promise<ProjectResources>;
  loadConfiguration: () => Promise<ProjectConfiguration>;
  loadItemType: () => Promise<ItemTypeInfo>;
  loadItemTypeChoices: () => Promise<ItemTypeChoiceRow[]>;
}

/**
 * The item's workflow as the workflows panel shows it (spec §7.6 getActions) and how to run one of its actions:
 * the page asks for the confirmation, reason and responsible, then runs it (the panel only starts it).
 */
export interface FormWorkflowServices {
  /** null while loading. */
  state: GetActionsResult | null;
  failed: boolean;
  /** An action is running or its dialog is open: the buttons wait. */
  busy: boolean;
  runAction: (actionKey: string) => void;
  /** The status deadline of the item (FormItem.dueAt/dueSoonAt, engine/deadlines); absent or null without one. */
  due?: { dueAt: string | null; dueSoonAt: string | null };
}

/** The timesheets component's calls: the time entered on the saved item, and the user entering some on it. */
export interface FormTimesheetServices {
  load: () => Promise<ItemTimesheet>;
  /** One entry of the user's on the item: hours alone, or a note with a start and an end. */
  enter: (entry: {
    day: string;
    minutes?: number;
    startTime?: string;
    endTime?: string;
    note?: string;
  }) => Promise<void>;
}

/** Server calls and actions the renderer needs; pages provide them, tests fake them. */
export interface FormRendererServices {
  /** The saved item's workflow; without it (previews, inserts) the workflows panel says it starts on save. */
  workflow?: FormWorkflowServices;
  /** The project widgets' calls; without them (previews) those kinds show the plain related-data list. */
  project?: FormProjectServices;
  lookupAddress?: (zip: string) => Promise<AddressLookup>;
  loadHistory?: () => Promise<ItemHistoryEntry[]>;
  loadAttributeChanges?: (currentVersion: number, previousVersion: number) => Promise<AttributeChange[]>;
  /** Linked data shown by a related-data component (itemLinks, manyToMany, masterSlave, timeline …). */
  loadRelated?: (component: FormComponent) => Promise<RelatedRow[]>;
  /**
   * The linked-data calls of itemLinks, manyToMany, masterSlave, timeline and componentList; without them
   * (previews, a renderer without a server) those kinds fall back to `loadRelated`'s plain list.
   */
  links?: FormLinkServices;
  /** Evaluates an indicator expression over the values; by default the shared rule engine (JSONata). */
  evaluateExpression?: (expression: string, values: FormValues) => unknown | Promise<unknown>;
  /** Stores chosen files and answers them as stored (file chooser, image, image list), in the given order. */
  uploadFiles?: (files: File[]) => Promise<StoredFileInfo[]>;
  /** The stored files a BINARY field of the saved item holds (their names, for the file inputs). */
  describeFiles?: (field: string) => Promise<StoredFileInfo[]>;
  /** A stored file's content (`inline`: an image to show as a thumbnail). */
  downloadFile?: (fileId: number, options?: { inline?: boolean }) => Promise<Blob>;
  /** The choices of a tree dropdown (organisational structures, items with parents). */
  loadTreeOptions?: (field: string) => Promise<TreeOption[]>;
  /** Choices of reference fields shown as a dropdown (USERS, GROUPS, COMPANY, PROJECT, items, statuses …). */
  references?: ReferenceServices;
  /** A button's action: save, save and clear, run a rule, print, workflow action. */
  onButtonAction?: (component: Extract<FormComponent, { type: 'button' }>) => void;
  /** The attachments and file indexes components' calls (a saved item's form page gives them). */
  attachments?: FormAttachmentServices;
  /** Extra actions of each attachment row's menu (the signatures' 'Assinar' and 'Carimbar'). */
  attachmentActions?: readonly AttachmentAction[];
  /** The timesheets component's calls (a saved item's form page gives them). */
  timesheets?: FormTimesheetServices;
  /** The activityResource component's call: the resources of the saved item's project, hours and cost. */
  loadActivityResources?: () => Promise<ActivityResources>;
}

export interface FormRendererProps {
  layout: readonly FormComponent[];
  fields: readonly FieldDefinition[];
  values?: FormValues;
  mode?: FormMode;
  /** The saved item's id; related-data components need one (a new item has none yet). */
  itemId?: number | null;
  /**
   * The item is a draft (new, or in its workflow's initial status): fields required only from leaving it
   * (requiredFrom 'leavingInitialStatus') may stay empty; the action leaving it is checked by the server.
   */
  draft?: boolean;
  readOnly?: boolean;
  /** Fields the server marks read-only on this form (read-only components, computed values, system fields). */
  readOnlyFields?: readonly string[];
  /** Fields the user chose to hide (showHideField): not drawn, and never required. */
  userHiddenFields?: readonly string[];
  evaluateRules?: FormRuleEvaluator;
  services?: FormRendererServices;
  /**
   * Called with the values to save (in bulk mode only the fields the user changed) and, apart, the fields the
   * user changed since load — an edit sends only those, so read-only and system values are never sent back.
   */
  onSubmit?: (values: FormValues, changed: FormValues, options: SubmitOptions) => void | Promise<void>;
  /** Every change of the values, with the required fields still empty (prompt dialogs disable OK on them). */
  onValuesChange?: (values: FormValues, missingRequired: readonly string[]) => void;
  /** The form element's id, so that buttons outside it (a page toolbar) can submit it. */
  formId?: string;
  /** Receives the form's API (to map server errors onto fields, or reset after a reload). */
  onReady?: (api: FormRendererApi) => void;
  /**
   * A submit stopped by the browser's field checks, with the fields in error: the page says so (the first
   * one's tab is opened, but the others may sit in tabs the user does not see).
   */
  onInvalid?: (fields: readonly string[]) => void;
}

/** How a submit was asked for: a save, or a save that clears the form for the next item (saveAndClear). */
export interface SubmitOptions {
  saveAndClear: boolean;
  /** A definition's workflow button on a new item: save it first, then run this action on it. */
  workflowAction?: string;
}

export interface FormRendererApi {
  /** Shows a (server's) error on a field. */
  setFieldError: (field: string, message: string) => void;
  /** Brings a field into view and focuses it: the tab holding it is opened. */
  revealField: (field: string) => void;
  /** Writes values into the form as the user's changes (a rule run by a button). */
  setValues: (values: FormValues) => void;
  reset: (values: FormValues) => void;
  getValues: () => FormValues;
  /**
   * The fields the user changed since load (by value; hidden and computed ones left out, as a save sends them):
   * a workflow action carries them without validating the form first — the server's rules decide.
   */
  getChanges: () => FormValues;
  /** Validates and submits the form, as the definition's save buttons do. */
  submit: (options: SubmitOptions) => void;
}
