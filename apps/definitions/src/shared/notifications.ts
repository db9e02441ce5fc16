import type { WorkflowEffectInput } from '@der/contracts';
import { text } from './builders.ts';

/** A bell message (with web push) and an e-mail to the applicant who filed the request (its creator). */
export const tellApplicant = (subject: [string, string], message: [string, string]): WorkflowEffectInput => ({
  kind: 'notify',
  recipients: [{ kind: 'role', role: 'creator' }],
  subject: text(...subject),
  message: text(...message),
  channels: ['message', 'email'],
});
