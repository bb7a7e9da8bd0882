// RiftPal's service worker, served by core/offline.py at /sw.js (its scope: the whole site).
// Pages: from the network, a copy kept for later; with no network (or none within a few seconds), the kept copy,
// marked « Hors ligne ». Frame (CSS, JavaScript, icon): kept at install, then from the network and the kept copy.
// Every cache is named after the release: a new deploy installs a new worker, which drops the old caches.
const CONFIG = {{ config|safe }};
const FRAME_CACHE = `riftpal-frame-${CONFIG.version}`;
const PAGES_CACHE = `riftpal-pages-${CONFIG.version}`;
const PATIENCE_MS = 4000; // a slow network at the table: after this, a kept copy is shown instead of waiting

function storable(response) {
  return Boolean(response && response.ok && response.type === "basic"
    && !/no-store|private/.test(response.headers.get("Cache-Control") || ""));
}

async function keep(cacheName, url) {
  try {
    const response = await fetch(url, { credentials: "omit" });
    if (storable(response)) await (await caches.open(cacheName)).put(url, response);
  } catch { /* offline while installing: kept on the next visit */ }
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    await Promise.all([
      ...CONFIG.frame.map((url) => keep(FRAME_CACHE, url)),
      ...CONFIG.pages.map((url) => keep(PAGES_CACHE, url)),
    ]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const current = [FRAME_CACHE, PAGES_CACHE];
    for (const name of await caches.keys()) {
      if (name.startsWith("riftpal-") && !current.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  } else if (url.pathname.startsWith(CONFIG.static)) {
    event.respondWith(frame(request));
  }
});

async function frame(request) {
  const cache = await caches.open(FRAME_CACHE);
  try {
    const response = await fetch(request);
    if (storable(response)) await cache.put(request.url, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request.url, { ignoreVary: true, ignoreSearch: true });
    if (kept) return kept;
    throw error;
  }
}

function later(ms) {
  return new Promise((resolve) => { setTimeout(() => resolve(null), ms); });
}

async function page(event, url) {
  const cache = await caches.open(PAGES_CACHE);
  const key = url.href.split("#")[0];
  const network = fetch(event.request).then(async (response) => {
    if (storable(response) && (response.headers.get("Content-Type") || "").startsWith("text/html")) {
      await cache.put(key, response.clone());
    }
    return response;
  });
  const kept = await cache.match(key, { ignoreVary: true });
  try {
    const response = await (kept ? Promise.race([network, later(PATIENCE_MS)]) : network);
    if (response) return response;
    event.waitUntil(network.catch(() => null)); // the page arrives late: kept for the next visit
  } catch { /* no network */ }
  return kept ? offlineCopy(kept) : offlinePage(cache);
}

const NOTICE_TEXT = "Hors ligne\u00a0: cette page vient de votre appareil";

function escape(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

async function offlineCopy(kept) {
  const saved = kept.headers.get("Date");
  const when = saved ? ` (enregistrée le ${new Date(saved).toLocaleString("fr-FR", { dateStyle: "long", timeStyle: "short" })})` : "";
  const notice = `<div class="notice offline-notice" role="status" data-offline-notice><p><strong>${NOTICE_TEXT}</strong>${escape(when)}.`
    + " Elle peut dater un peu\u202f; les exemples interactifs et la recherche attendent le retour du réseau.</p></div>";
  const html = (await kept.text()).replace(/<main\b[^>]*>/, (main) => main + notice);
  const headers = new Headers(kept.headers);
  for (const name of ["Content-Length", "Content-Encoding", "ETag", "Last-Modified"]) headers.delete(name);
  return new Response(html, { status: 200, headers });
}

// A page never opened before: what this device has, to open instead.
async function offlinePage(cache) {
  const links = [];
  for (const request of (await cache.keys()).slice(0, 200)) {
    const kept = await cache.match(request);
    const title = kept && /<title>([^<]*)<\/title>/.exec(await kept.text());
    if (title) links.push(`<li><a href="${escape(request.url)}">${title[1].replace(/ · RiftPal$/, "")}</a></li>`);
  }
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Hors ligne · RiftPal</title>
<link rel="stylesheet" href="${escape(CONFIG.frame[0])}"></head><body><main id="contenu" class="wrap">
<div class="notice offline-notice" role="status" data-offline-notice><p><strong>Hors ligne\u00a0:</strong>
cette page n’a pas encore été enregistrée sur votre appareil. Celles-ci s’ouvrent sans réseau\u00a0:</p></div>
<h1>Hors ligne</h1><ul>${links.join("")}</ul></main></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    },
  });
}
