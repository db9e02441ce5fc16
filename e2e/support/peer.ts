import { expect } from '@playwright/test';
import { type CapturedMail, PEER_URL, type RecaptchaVerification } from './stack-constants.ts';

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${PEER_URL}${path}`);
  if (!response.ok)
    throw new Error(`GET ${PEER_URL}${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The e2e stack's peer (support/stack.ts): captured e-mails, reCAPTCHA verifications, the demo AET. */
export const peer = {
  mailsTo(address: string): Promise<CapturedMail[]> {
    return getJson(`/mails?to=${encodeURIComponent(address.toLowerCase())}`);
  },

  /**
   * The newest e-mail to the address whose subject matches, waiting for the outbox worker to send it.
   * `count`: wait for the n-th matching message (a second e-mail of the same kind).
   */
  async waitForMail(
    address: string,
    options: { subject?: RegExp; count?: number; timeout?: number } = {},
  ): Promise<CapturedMail> {
    const wanted = options.count ?? 1;
    let found: CapturedMail[] = [];
    await expect
      .poll(
        async () => {
          const mails = await this.mailsTo(address);
          found = options.subject ? mails.filter((mail) => options.subject?.test(mail.subject)) : mails;
          return found.length;
        },
        {
          message: `e-mail to ${address} (${options.subject ?? 'any subject'})`,
          timeout: options.timeout ?? 15_000,
        },
      )
      .toBeGreaterThanOrEqual(wanted);
    return found[wanted - 1] as CapturedMail;
  },

  recaptchaVerifications(): Promise<RecaptchaVerification[]> {
    return getJson('/recaptcha/verifications');
  },

  /** The payer pays the charge of this protocol number: the stack's provider notifies the server, signed. */
  async payCharge(reference: string): Promise<{ status: number }> {
    const response = await fetch(`${PEER_URL}/payments/pay?reference=${encodeURIComponent(reference)}`, {
      method: 'POST',
    });
    if (!response.ok)
      throw new Error(`paying ${reference} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { status: number };
  },

  /** The validation address of the demo AET, as the server logged it when it seeded the data. */
  demoAet(): Promise<{ url: string; uid: string }> {
    return getJson('/demo-aet-url');
  },
};

/** The activation link of an activation e-mail (text part), on the server's public address. */
export function activationLinkOf(mail: CapturedMail): string {
  const match = /(https?:\/\/\S+\/activate(?:Requerente)?\?token=[^\s"<>]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no activation link in the e-mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** The temporary password of a new-password e-mail. */
export function temporaryPasswordOf(mail: CapturedMail): string {
  const match = /Senha temporária:\s*(\S+)/.exec(mail.text) ?? /Temporary password:\s*(\S+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no temporary password in the e-mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}

/** The set-password link of an administrator's invitation (text part). */
export function invitationLinkOf(mail: CapturedMail): string {
  const match = /(https?:\/\/\S+\/newPassword\?token=[^\s"<>]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in the e-mail "${mail.subject}":\n${mail.text}`);
  return match[1];
}
