import type { WorkflowEffectInput } from '@der/contracts';
import { GROUPS, text } from '../shared/builders.ts';

/** Who works the department's side of an AET request. */
export const AET_ANALYSTS = [GROUPS.analistas, GROUPS.administradores];

/** A bell message (with web push) and an e-mail to the requerente who filed the request. */
export const tellRequerente = (
  subject: [string, string],
  message: [string, string],
): WorkflowEffectInput => ({
  kind: 'notify',
  recipients: [{ kind: 'role', role: 'creator' }],
  subject: text(...subject),
  message: text(...message),
  channels: ['message', 'email'],
});
