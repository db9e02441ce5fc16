import { GROUPS } from '../shared/builders.ts';
import { tellApplicant } from '../shared/notifications.ts';

/** Who works the department's side of an AET request. */
export const AET_ANALYSTS = [GROUPS.analistas, GROUPS.administradores];

/** A bell message (with web push) and an e-mail to the requerente who filed the request. */
export const tellRequerente = tellApplicant;
