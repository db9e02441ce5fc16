import type { WorkflowEffectInput } from '@der/contracts';
import { GROUPS, text } from '../shared/builders.ts';
import { tellApplicant } from '../shared/notifications.ts';

/** A bell message (with web push) and an e-mail to the permissionário who filed the request. */
export const tellPermissionario = tellApplicant;

/**
 * Puts the request in the analysts' group queue ('Minhas pendências') and tells the group with a bell message,
 * when the permissionário hands it to the department (protocolling, the works finished, a withdrawal).
 */
export const toAnalystsQueue = (
  subject: [string, string],
  message: [string, string],
): WorkflowEffectInput[] => [
  { kind: 'assignResponsible', to: { kind: 'group', group: GROUPS.analistas } },
  {
    kind: 'notify',
    recipients: [{ kind: 'responsibleGroup' }],
    subject: text(...subject),
    message: text(...message),
    channels: ['message'],
  },
];

/** A bell message and an e-mail to the analyst responsible for the request (its inspector, its reviewer). */
export const tellResponsible = (
  subject: [string, string],
  message: [string, string],
): WorkflowEffectInput => ({
  kind: 'notify',
  recipients: [{ kind: 'role', role: 'responsible' }],
  subject: text(...subject),
  message: text(...message),
  channels: ['message', 'email'],
});
