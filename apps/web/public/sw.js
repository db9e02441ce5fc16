/* Service worker of the DER portal (spec §2.10, §4, §7.7): shows push notifications and opens the product. */

// A new version takes over at once; the page sees `controllerchange`, clears the stored session and reloads.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

/** Only addresses of this site are opened: a payload cannot send the user elsewhere. */
function sameOriginUrl(url) {
  try {
    const target = new URL(url || '/app', self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL('/app', self.location.origin).href;
  } catch {
    return new URL('/app', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'DER';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof payload.body === 'string' ? payload.body : '',
      icon: '/favicon.svg',
      data: { url: sameOriginUrl(payload.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url || sameOriginUrl('/app');
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        return open
          .focus()
          .then((client) => (client && 'navigate' in client ? client.navigate(url) : client));
      }
      return self.clients.openWindow(url);
    }),
  );
});
