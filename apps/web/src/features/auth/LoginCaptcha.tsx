import type { Ref } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import { readCspNonce } from '../../app/cspNonce.ts';

declare global {
  interface Window {
    recaptchaOptions?: { nonce?: string; useRecaptchaNet?: boolean };
  }
}

// Set before the widget mounts: its loader reads the options when it inserts the script.
if (typeof window !== 'undefined') {
  const nonce = readCspNonce();
  if (nonce) window.recaptchaOptions = { ...window.recaptchaOptions, nonce };
}

export interface LoginCaptchaProps {
  siteKey: string;
  language: string;
  label: string;
  captchaRef: Ref<ReCAPTCHA>;
  onToken: (token: string | null) => void;
}

/**
 * The human check of spec §2.2 / §4 (reCAPTCHA): a token arrives when solved and is cleared on expiry. The
 * loader script carries the page's CSP nonce.
 */
export function LoginCaptcha({ siteKey, language, label, captchaRef, onToken }: LoginCaptchaProps) {
  return (
    <fieldset aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <ReCAPTCHA
        ref={captchaRef}
        sitekey={siteKey}
        hl={language}
        onChange={(token) => onToken(token)}
        onExpired={() => onToken(null)}
        onErrored={() => onToken(null)}
      />
    </fieldset>
  );
}
