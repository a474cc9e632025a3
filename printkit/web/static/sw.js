// The page's service worker: the page, its script, style, fonts and sheets are kept as they
// are fetched, so that the page opens again without a connection. Every GET goes to the
// network first (a new printkit's page arrives at once) and falls back on the copy kept;
// the referee's answers (POST) are never kept: without the server the page says so. Nor is
// an answer that says `Cache-Control: no-store`: those that hold --lan's token, or answer an
// address that does.

const CACHE = "printkit-page-v2";
const SHELL = ["/", "/static/page.js", "/static/retry.js", "/static/photo.js",
               "/static/page.css", "/manifest.webmanifest", "/static/icon.svg"];

const keepable = (res) => res.ok && !/(^|[\s,])no-store($|[\s,;])/i.test(
  res.headers.get("Cache-Control") || "");

// Keep what `url` answers now, if it may be kept.
function keep(cache, url) {
  return fetch(url).then((res) => (keepable(res) ? cache.put(url, res) : null));
}

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((cache) => Promise.all(
    SHELL.map((url) => keep(cache, url).catch(() => null)))));
  self.skipWaiting();
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  const url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  // the page's address may carry --lan's token: one copy of the page serves them all
  const key = req.mode === "navigate" ? "/" : req;
  ev.respondWith(fetch(req).then((res) => {
    if (keepable(res)) {
      const copy = res.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return res;
  }).catch(() => caches.match(key).then((kept) => kept || Response.error())));
});

// The page names what it loaded; each is kept (one failing does not stop the others).
self.addEventListener("message", (ev) => {
  const urls = ev.data && Array.isArray(ev.data.keep) ? ev.data.keep : [];
  ev.waitUntil(caches.open(CACHE)
    .then((cache) => Promise.all(urls.map((u) => keep(cache, u).catch(() => null))))
    .then(() => ev.source && ev.source.postMessage("kept")));
});
