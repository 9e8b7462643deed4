/* The table's service worker (served at /table/sw.js by table/pwa.py, so its scope is every page under /table/).
 * Offline-first for the phone at the table: the page's code and styles are kept (their hashed names never change
 * content: from the cache at once), each table page and each board the phone has opened is kept as last seen (from
 * the network first, the kept copy when there is none), and a page never opened shows the offline page. Writes
 * (deals, corrections) and the live event stream always go to the network: the page's outbox keeps deals entered
 * offline. Signing out deletes the kept pages and boards. */
const VERSION = {{ version_json|safe }};
const PRECACHE = {{ precache_json|safe }};
const OFFLINE_PAGE = {{ offline_page_json|safe }};
const STATIC_CACHE = `tk-static-${VERSION}`;
const PAGES_CACHE = 'tk-pages';
const HASHED = /\.[0-9a-f]{12}\.[A-Za-z0-9]+$/;
const BOARD = /^\/api\/v1\/(matches\/\d+\/board|shared\/[^/]+)\/$/;
const NAVIGATION_WAIT_MS = 4000; // a slow network: the kept page is shown after this long

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(STATIC_CACHE).then((cache) => cache.addAll([...PRECACHE, OFFLINE_PAGE]))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key.startsWith('tk-static-') && key !== STATIC_CACHE)
      .map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

/** A kept copy, marked so the page can tell it from the network's answer (it then shows itself offline). */
function keptCopy(response) {
  const headers = new Headers(response.headers);
  headers.set('X-Served-Offline', '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(STATIC_CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request, cacheName, waitMs) {
  const cache = await caches.open(cacheName);
  const network = fetch(request).then((response) => {
    if (response.ok && response.type === 'basic') cache.put(request, response.clone());
    return response;
  });
  const kept = () => caches.match(request).then((cached) => (cached ? keptCopy(cached) : null));
  network.catch(() => {}); // answered by the kept copy meanwhile: a later failure is no error of the page's
  try {
    if (!waitMs) return await network;
    const slow = new Promise((resolve) => { setTimeout(() => kept().then(resolve), waitMs); });
    const first = await Promise.race([network, slow]);
    return first || await network;
  } catch (error) {
    const cached = await kept();
    if (cached) return cached;
    throw error;
  }
}

async function page(request) {
  try {
    return await networkFirst(request, PAGES_CACHE, NAVIGATION_WAIT_MS);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE);
    return offline ? keptCopy(offline) : Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/table/logout/') {
    event.waitUntil(caches.delete(PAGES_CACHE));
    return;
  }
  if (request.method !== 'GET') return;
  if (url.pathname.startsWith('/static/')) {
    event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request, STATIC_CACHE, 0));
  } else if (request.mode === 'navigate' && url.pathname.startsWith('/table/')) {
    event.respondWith(page(request));
  } else if (BOARD.test(url.pathname) && !url.search) {
    event.respondWith(networkFirst(request, PAGES_CACHE, 0));
  }
});
