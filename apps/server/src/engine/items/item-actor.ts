import type { Language } from '@der/contracts';
import type { ItemViewer } from '../query/item-visibility.ts';

/**
 * Who writes: the viewer of the visibility rule, the language refusals are worded in, and the kind of account
 * (field permissions: department fields are read-only for external users). Routes always set `kind` from the
 * session; an actor without one acts for the department (the seed, scripts, the bench). In a file of its own so
 * the steps of the write path (field permissions) name it without importing the create path that calls them.
 */
export interface ItemActor extends ItemViewer {
  language: Language;
  kind?: 'staff' | 'permissionario' | 'requerente';
}
