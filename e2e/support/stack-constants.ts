/** What the e2e stack (support/stack.ts) and the tests agree on; importing this starts nothing. */

/** The SMTP capture server the test server sends its e-mails to. */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 3197);
/** The peer: captured e-mails, the local reCAPTCHA verify endpoint, the demo AET address. */
export const PEER_PORT = Number(process.env.E2E_PEER_PORT ?? 3198);
export const PEER_URL = `http://127.0.0.1:${PEER_PORT}`;

/** The reCAPTCHA secret the peer accepts; tokens it accepts start with the prefix. */
export const E2E_RECAPTCHA_SECRET = 'e2e-secret';
export const E2E_RECAPTCHA_TOKEN_PREFIX = 'ok-';
export const E2E_RECAPTCHA_SITE_KEY = 'test-site-key';
export const E2E_RECAPTCHA_VERIFY_URL = `${PEER_URL}/recaptcha/verify`;

/** The secret the server and the stack's payment provider sign their calls and notifications with. */
export const E2E_PAYMENT_WEBHOOK_SECRET = 'e2e-payment-webhook-secret-of-32-chars-or-more';

export interface CapturedMail {
  /** Recipients (envelope and To header), lower case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

export interface RecaptchaVerification {
  token: string;
  secretOk: boolean;
  success: boolean;
  at: string;
}
