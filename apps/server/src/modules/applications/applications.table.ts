import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';
import { userGroups } from '../groups/groups.table.ts';

/** Spec §3 "Application": what the chooser (/app) lists and the runtime shell (/runtime/{appID}) opens. */
export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  iconName: text('icon_name').notNull().default(''),
  isFontAwesomeIcon: boolean('is_font_awesome_icon').notNull().default(false),
  /** A data:image URL, or ''. */
  imageContent: text('image_content').notNull().default(''),
  displayOnToolbar: boolean('display_on_toolbar').notNull().default(false),
  urlBehavior: boolean('url_behavior').notNull().default(false),
  urlLink: text('url_link').notNull().default(''),
  appVersion: text('app_version').notNull().default('1.0'),
  collapsedMenu: boolean('collapsed_menu').notNull().default(false),
  htmlScripts: text('html_scripts').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ApplicationRow = typeof applications.$inferSelect;

/** Spec §3 "Menu item", one row per entry; the tree is rebuilt from `parentKey` (keys are per application). */
export const applicationMenuItems = pgTable(
  'application_menu_items',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    parentKey: text('parent_key'),
    /** Order among siblings. */
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    /** An internal /runtime/{appID}/... path or an absolute http(s) URL (opened in a new tab); '' for titles. */
    link: text('link').notNull().default(''),
    icon: text('icon').notNull().default(''),
    isFontAwesome: boolean('is_font_awesome').notNull().default(false),
    imageContent: text('image_content').notNull().default(''),
    title: boolean('title').notNull().default(false),
    multilevel: boolean('multilevel').notNull().default(false),
    /** The name of a count computed per user when the menu is built (e.g. 'unreadMessages'); unknown → no badge. */
    badgeSource: text('badge_source'),
    /** Names of the groups whose members see the entry and its children; empty: everyone (MenuRow.groups). */
    groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [uniqueIndex('application_menu_items_key_unique').on(table.applicationId, table.key)],
);
export type ApplicationMenuItemRow = typeof applicationMenuItems.$inferSelect;

/** Who may open an application: one user or one group per row. Administrators open every application. */
export const applicationGrants = pgTable(
  'application_grants',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
  },
  (table) => [
    check('application_grants_one_grantee', sql`(${table.userId} is null) <> (${table.groupId} is null)`),
    uniqueIndex('application_grants_user_unique')
      .on(table.applicationId, table.userId)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('application_grants_group_unique')
      .on(table.applicationId, table.groupId)
      .where(sql`${table.groupId} is not null`),
    index('application_grants_user_idx').on(table.userId),
    index('application_grants_group_idx').on(table.groupId),
  ],
);
