// The service worker, written into the build as /sw.js by vite.config.ts (serviceWorker), which fills
// in VERSION (from the build's file names: a new deploy is a new cache) and SHELL (the built entry
// scripts, their chunks and the stylesheet). It keeps only what the build made: never an API answer,
// a page's HTML or anything personal (docs/architecture.md, "The installable app").
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const CACHE = `quiz-points-${VERSION}`;
const OFFLINE = '/offline.html';
const PRECACHE = [
  ...SHELL,
  OFFLINE,
  '/offline.css',
  '/offline.js',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { credentials: 'omit' }))))
      .then(() => self.skipWaiting()),
  );
});

// The caches of earlier builds go as soon as this one takes over.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('quiz-points-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Pages always come from the network (they may be personal); only when it fails, the offline page.
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
    return;
  }
  // The build's hashed files never change under their name: from the cache, kept once fetched.
  // Anything else (API answers, sign-in, development and sample pages) is left to the network.
  const hashed = url.pathname.startsWith('/assets/');
  if (!hashed && !PRECACHE.includes(url.pathname)) return;
  event.respondWith(
    caches.match(request).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          if (hashed && response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
          }
          return response;
        }),
    ),
  );
});
