import { z } from 'zod';

/** An application of the chooser (spec §3 "Application"). */
export const ApplicationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  iconName: z.string(),
  isFontAwesomeIcon: z.boolean(),
  /** A data:image URL, when the application has its own picture instead of an icon. */
  imageContent: z.string(),
  displayOnToolbar: z.boolean(),
  /** When true, the application opens `urlLink` in a new tab instead of the runtime. */
  urlBehavior: z.boolean(),
  urlLink: z.string(),
  appVersion: z.string(),
  collapsedMenu: z.boolean(),
  /** Script markup injected into the page (hidden). */
  htmlScripts: z.string(),
});
export type Application = z.infer<typeof ApplicationSchema>;

/** A menu entry (spec §3 "Menu item"); `child` nests. */
export interface MenuItem {
  key: string;
  keyParent: string | null;
  name: string;
  link: string;
  icon: string;
  isFontAwesome: boolean;
  imageContent: string;
  /** A count computed by the server (e.g. items awaiting the user), or null. */
  badge: number | null;
  /** A section header, not a link. */
  title: boolean;
  child: MenuItem[];
  multilevel: boolean;
}
export const MenuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    key: z.string(),
    keyParent: z.string().nullable(),
    name: z.string(),
    link: z.string(),
    icon: z.string(),
    isFontAwesome: z.boolean(),
    imageContent: z.string(),
    badge: z.number().int().nullable(),
    title: z.boolean(),
    child: z.array(MenuItemSchema),
    multilevel: z.boolean(),
  }),
);

/** The menu response is a pair: the menu tree first, the application second (spec §3). */
export const ApplicationMenuSchema = z.tuple([z.array(MenuItemSchema), ApplicationSchema]);
export type ApplicationMenu = z.infer<typeof ApplicationMenuSchema>;

export const AppIdQuerySchema = z.object({ appID: z.coerce.number().int().positive() });
