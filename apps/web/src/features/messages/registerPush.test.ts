import { describe, expect, it, vi } from 'vitest';
import { describeBrowser, fromBase64Url, type PushDeps, registerPush, toBase64Url } from './registerPush.ts';

function bytes(...values: number[]): ArrayBuffer {
  return new Uint8Array(values).buffer;
}

function setup(overrides: Partial<PushDeps> = {}, existing = false) {
  const subscription = {
    endpoint: 'https://push.example.com/abc',
    getKey: (name: string) => (name === 'p256dh' ? bytes(251, 255, 1) : bytes(62, 63)),
  };
  const pushManager = {
    getSubscription: vi.fn(async () => (existing ? subscription : null)),
    subscribe: vi.fn(async () => subscription),
  };
  const serviceWorker = {
    register: vi.fn(async () => ({ pushManager })),
    controller: null,
    addEventListener: vi.fn(),
  } as unknown as ServiceWorkerContainer;
  const deps: PushDeps = {
    notification: { requestPermission: vi.fn(async () => 'granted' as NotificationPermission) },
    serviceWorker,
    hasPushManager: true,
    getVapidPublicKey: vi.fn(async () => 'AQID'),
    createDevice: vi.fn(async () => ({ success: true })),
    userAgent: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36',
    log: vi.fn(),
    ...overrides,
  };
  return { deps, pushManager, serviceWorker };
}

describe('registerPush', () => {
  it('registers /sw.js, subscribes with the VAPID key and sends the device with base64url keys', async () => {
    const { deps, pushManager, serviceWorker } = setup();
    expect(await registerPush(deps)).toBe(true);
    expect(serviceWorker.register).toHaveBeenCalledWith('/sw.js');
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array([1, 2, 3]),
    });
    expect(deps.createDevice).toHaveBeenCalledWith({
      deviceName: 'Chrome on Windows',
      pushEndpoint: 'https://push.example.com/abc',
      pushP256DH: '-_8B',
      pushAuth: 'Pj8',
    });
  });

  it('does not subscribe again when a subscription exists', async () => {
    const { deps, pushManager } = setup({}, true);
    await registerPush(deps);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(deps.getVapidPublicKey).not.toHaveBeenCalled();
    expect(deps.createDevice).toHaveBeenCalledTimes(1);
  });

  it('only logs a denied permission, a missing service worker or missing push support', async () => {
    const denied = setup({ notification: { requestPermission: vi.fn(async () => 'denied' as const) } });
    expect(await registerPush(denied.deps)).toBe(false);
    expect(denied.serviceWorker.register).not.toHaveBeenCalled();
    expect(denied.deps.log).toHaveBeenCalledWith('Push: permission denied');

    const noWorker = setup({ serviceWorker: undefined });
    expect(await registerPush(noWorker.deps)).toBe(false);
    expect(noWorker.deps.log).toHaveBeenCalledWith('Push: service workers are not supported');

    const noPush = setup({ hasPushManager: false });
    expect(await registerPush(noPush.deps)).toBe(false);
    expect(noPush.deps.notification?.requestPermission).not.toHaveBeenCalled();
    expect(noPush.deps.log).toHaveBeenCalledWith('Push: the Push API is not supported');
  });

  it('converts base64url both ways and names the browser', () => {
    expect(toBase64Url(fromBase64Url('-_8B').buffer)).toBe('-_8B');
    expect(describeBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox on Linux',
    );
  });
});
