import type { Language } from '@der/contracts';
import { type ActivationEmailData, renderActivationEmail } from './activation.template.ts';
import type { RenderedEmail } from './email-layout.ts';
import { type InvitationEmailData, renderInvitationEmail } from './invitation.template.ts';
import { type NewPasswordEmailData, renderNewPasswordEmail } from './new-password.template.ts';
import { type PasswordResetEmailData, renderPasswordResetEmail } from './password-reset.template.ts';
import { renderTestEmail, type TestEmailData } from './test-email.template.ts';
import {
  renderWorkflowNotificationEmail,
  type WorkflowNotificationEmailData,
} from './workflow-notification.template.ts';

export type { RenderedEmail } from './email-layout.ts';

/** The data each template needs; the outbox stores `{ template, language, data }` and renders at send time. */
export interface EmailTemplateData {
  activation: ActivationEmailData;
  invitation: InvitationEmailData;
  newPassword: NewPasswordEmailData;
  passwordReset: PasswordResetEmailData;
  test: TestEmailData;
  workflowNotification: WorkflowNotificationEmailData;
}
export type EmailTemplateName = keyof EmailTemplateData;

const TEMPLATES: {
  [Name in EmailTemplateName]: (language: Language, data: EmailTemplateData[Name]) => RenderedEmail;
} = {
  activation: renderActivationEmail,
  invitation: renderInvitationEmail,
  newPassword: renderNewPasswordEmail,
  passwordReset: renderPasswordResetEmail,
  test: renderTestEmail,
  workflowNotification: renderWorkflowNotificationEmail,
};

export function renderEmail<Name extends EmailTemplateName>(
  templateName: Name,
  language: Language,
  data: EmailTemplateData[Name],
): RenderedEmail {
  return TEMPLATES[templateName](language, data);
}
