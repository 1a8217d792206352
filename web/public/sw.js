/* Porchlight service worker: shows web pushes (new leads, chat messages, task reminders; a lead's chat replies and instant alerts) and opens the page on click. */
const SHOWN = 'porchlight-pushes-shown';

/**
 * A push with an `id` (a task reminder) is shown once: the server may send it again after a crash
 * between sending and recording it, and a repeat of an id already shown is dropped here.
 */
async function firstTime(id) {
  if (typeof id !== 'string' || !id) return true;
  const cache = await caches.open(SHOWN);
  const key = `/shown/${encodeURIComponent(id)}`;
  if (await cache.match(key)) return false;
  await cache.put(key, new Response('1'));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - 200))) await cache.delete(old);
  return true;
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Porchlight', body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' ? data.title : 'Porchlight';
  event.waitUntil(
    firstTime(data.id).then((first) =>
      first
        ? self.registration.showNotification(title, {
            body: typeof data.body === 'string' ? data.body : '',
            tag: typeof data.tag === 'string' ? data.tag : undefined,
            data: { url: typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/dashboard' },
          })
        : undefined,
    ),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/dashboard';
  // The dashboard's pushes open the dashboard, a lead's the public site: a window of the same part is reused.
  const part = (path) => (path.startsWith('/dashboard') ? 'dashboard' : 'site');
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) {
        if (part(new URL(w.url).pathname) === part(url) && 'focus' in w) {
          w.navigate(url);
          return w.focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
