/* Bima Portal service worker. The build stamps its id below so every release is a new worker. */
const BUILD_ID = '__BUILD_ID__';
const ASSET_CACHE = `bima-assets-${BUILD_ID}`;
const PAGE_CACHE = `bima-pages-${BUILD_ID}`;
const INDEX_URL = '/index.html';
/** Hashed build assets (scripts, styles), written in by the build. */
const PRECACHE_ASSETS = [
  /* __PRECACHE_ASSETS__ */
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .open(PAGE_CACHE)
        .then((cache) => cache.add(new Request('/', { cache: 'reload' })).then(() => cache))
        .then((cache) => cache.match('/').then((response) => response && cache.put(INDEX_URL, response))),
      caches.open(ASSET_CACHE).then((cache) => cache.addAll(PRECACHE_ASSETS)),
    ]).catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('bima-') && key !== ASSET_CACHE && key !== PAGE_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  // Hashed build assets never change: cache first.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(ASSET_CACHE).then((cache) =>
        cache.match(request).then(
          (cached) =>
            cached ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
    return;
  }

  // Pages: network first, the cached app shell when offline.
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(PAGE_CACHE).then((cache) => cache.put(INDEX_URL, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .open(PAGE_CACHE)
            .then((cache) => cache.match(INDEX_URL))
            .then((cached) => cached || Response.error()),
        ),
    );
  }
});
