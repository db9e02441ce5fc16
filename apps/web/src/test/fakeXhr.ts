import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/**
 * Replaces XMLHttpRequest (uploads with progress): each send reports 1/4 of upload progress, and `finish()` answers
 * the last request with the given status and JSON body.
 */
export function fakeXhr(answer: { status: number; body: unknown }) {
  const sent: SentRequest[] = [];
  let release: () => void = () => {};
  class FakeXhr {
    status = 0;
    responseText = '';
    upload = new EventTarget();
    private listeners = new EventTarget();
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: EventListener) {
      this.listeners.addEventListener(type, listener);
    }
    send(body: FormData) {
      sent.push({ method: this.method, url: this.url, headers: this.headers, body });
      const progress = Object.assign(new Event('progress'), { lengthComputable: true, loaded: 1, total: 4 });
      this.upload.dispatchEvent(progress);
      release = () => {
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.listeners.dispatchEvent(new Event('load'));
      };
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { sent, finish: () => release() };
}
