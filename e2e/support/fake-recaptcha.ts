import type { Page } from '@playwright/test';
import { E2E_RECAPTCHA_TOKEN_PREFIX } from './stack-constants.ts';

/**
 * A stand-in for Google's reCAPTCHA v2 script, which the test machine cannot fetch. It implements what
 * react-google-recaptcha uses: `grecaptcha.render(container, {sitekey, callback, 'expired-callback', …})`,
 * `reset`, `getResponse` and `execute`, and calls the onload callback named in the script URL's `onload`
 * parameter. The widget is a button "Não sou um robô"; clicking it solves the check with a token
 * '<prefix><random>' that the peer's verify endpoint accepts. `window.__fakeRecaptcha.expire()` fires the
 * expiry callbacks.
 */
function fakeRecaptchaScript(tokenPrefix: string): string {
  return `(() => {
  const widgets = [];
  const random = () => Math.random().toString(36).slice(2) + Date.now().toString(36);
  const api = {
    ready(callback) { callback(); },
    render(container, params) {
      const element = typeof container === 'string' ? document.getElementById(container) : container;
      const id = widgets.length;
      const widget = { params, response: '', button: null };
      const button = document.createElement('button');
      button.type = 'button';
      button.setAttribute('data-testid', 'fake-recaptcha');
      button.setAttribute('data-sitekey', String(params && params.sitekey));
      button.setAttribute('aria-pressed', 'false');
      button.textContent = 'Não sou um robô';
      button.style.cssText = 'padding:12px 16px;border:1px solid #555;background:#fff;color:#000;cursor:pointer';
      button.addEventListener('click', () => {
        if (widget.response) return;
        widget.response = ${JSON.stringify(tokenPrefix)} + random();
        button.setAttribute('aria-pressed', 'true');
        button.textContent = 'Verificado';
        if (params && typeof params.callback === 'function') params.callback(widget.response);
      });
      widget.button = button;
      element.appendChild(button);
      widgets.push(widget);
      return id;
    },
    reset(id) {
      const list = id === undefined ? widgets : [widgets[id]];
      for (const widget of list) {
        if (!widget) continue;
        widget.response = '';
        widget.button.setAttribute('aria-pressed', 'false');
        widget.button.textContent = 'Não sou um robô';
      }
    },
    getResponse(id) {
      const widget = widgets[id === undefined ? 0 : id];
      return widget ? widget.response : '';
    },
    execute() {},
  };
  window.grecaptcha = api;
  window.__fakeRecaptcha = {
    widgets,
    expire() {
      for (const widget of widgets) {
        widget.response = '';
        widget.button.setAttribute('aria-pressed', 'false');
        widget.button.textContent = 'Não sou um robô';
        const expired = widget.params && widget.params['expired-callback'];
        if (typeof expired === 'function') expired();
      }
    },
  };
  // Like Google's loader, the onload callback runs after the script element's load event (the React loader
  // refuses a callback that comes before it).
  const script = document.currentScript;
  const onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  const callOnload = () => {
    if (onload && typeof window[onload] === 'function') window[onload]();
  };
  if (script) script.addEventListener('load', () => setTimeout(callOnload, 0), { once: true });
  else setTimeout(callOnload, 50);
})();`;
}

const SCRIPT_URLS = [
  'https://www.google.com/recaptcha/api.js*',
  'https://www.google.com/recaptcha/enterprise.js*',
  'https://www.recaptcha.net/recaptcha/api.js*',
  'https://recaptcha.net/recaptcha/api.js*',
];

/** Serves the fake reCAPTCHA script to the page; call it before the page loads the login. */
export async function installFakeRecaptcha(page: Page): Promise<void> {
  const body = fakeRecaptchaScript(E2E_RECAPTCHA_TOKEN_PREFIX);
  for (const url of SCRIPT_URLS) {
    await page.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body }),
    );
  }
}
