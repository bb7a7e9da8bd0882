// RiftPal's service worker, served by core/offline.py at /sw.js (its scope: the whole site).
// Pages: from the network, a copy kept for later; with no network (or none within a few seconds), the kept copy,
// marked « Hors ligne ». Frame (CSS, JavaScript, icon): kept at install, then from the network and the kept copy.
// Reading (every rules section, FAQ answer, glossary term and guide): saved after the first visit, when a page
// posts « save-reading » (static/js/site.js, its offline section), within CONFIG.budget bytes; a marker cache says it is complete.
// Every cache is named after the release: a new deploy installs a new worker, which drops the old caches.
const CONFIG = {{ config|safe }};
const FRAME_CACHE = `riftpal-frame-${CONFIG.version}`;
const PAGES_CACHE = `riftpal-pages-${CONFIG.version}`;
const COMPLETE_CACHE = `riftpal-complete-${CONFIG.version}`;
const PARALLEL = 3; // pages fetched at once while saving the reading content: the site stays responsive
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
      keep(FRAME_CACHE, CONFIG.reading),
    ]);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const current = [FRAME_CACHE, PAGES_CACHE, COMPLETE_CACHE];
    for (const name of await caches.keys()) {
      if (name.startsWith("riftpal-") && !current.includes(name)) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data !== "save-reading") return;
  event.waitUntil(saveReading().then((result) => event.source?.postMessage({ type: "offline-saved", ...result })));
});

let saving = null;

function saveReading() {
  saving = saving || saveAll().finally(() => { saving = null; });
  return saving;
}

async function readingList() {
  const frame = await caches.open(FRAME_CACHE);
  try {
    const response = await fetch(CONFIG.reading, { credentials: "omit" });
    if (storable(response)) {
      await frame.put(CONFIG.reading, response.clone());
      return await response.json();
    }
  } catch { /* offline: the list kept at install */ }
  const kept = await frame.match(CONFIG.reading);
  return kept ? kept.json() : null;
}

async function saveAll() {
  if (await caches.has(COMPLETE_CACHE)) return { complete: true };
  const list = await readingList();
  if (!list) return { complete: false };
  const cache = await caches.open(PAGES_CACHE);
  const queue = [...list.pages];
  let bytes = 0;
  let saved = 0;
  let complete = true;
  async function next() {
    for (let page = queue.shift(); page; page = queue.shift()) {
      const key = new URL(page.url, self.location.origin).href;
      const kept = await cache.match(key);
      if (kept) {
        bytes += (await kept.blob()).size;
        saved += 1;
        continue;
      }
      if (bytes > CONFIG.budget) { complete = false; continue; }
      try {
        const response = await fetch(key, { credentials: "omit" });
        if (!storable(response) || !(response.headers.get("Content-Type") || "").startsWith("text/html")) {
          complete = false;
          continue;
        }
        bytes += (await response.clone().blob()).size;
        await cache.put(key, response);
        saved += 1;
      } catch { complete = false; }
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, next));
  if (complete) await caches.open(COMPLETE_CACHE);
  return { complete, saved, total: list.pages.length, bytes, budget: CONFIG.budget };
}

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
  if (kept) return offlineCopy(kept);
  return (await ruleSection(url, cache)) || offlinePage(url);
}

// « /regles/468.1/ » online is a redirect to the section that explains rule 468: offline too, from the saved list.
async function ruleSection(url, cache) {
  const number = /^\/regles\/r?(\d{1,3})(?:\.[^/]*)?\/$/i.exec(url.pathname);
  if (!number) return null;
  const list = await (await caches.open(FRAME_CACHE)).match(CONFIG.reading);
  if (!list) return null;
  const top = Number(number[1]);
  const found = (await list.json()).rules.find(([, covers]) => covers.some(([first, last]) => first <= top && top <= last));
  if (!found || !(await cache.match(new URL(found[0], self.location.origin).href))) return null;
  return Response.redirect(found[0], 302);
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

// A page never opened before: the offline page (the site's navigation, and what this device holds, listed by
// static/js/site.js), with a notice that names the address asked for.
async function offlinePage(url) {
  const kept = await caches.match(new URL(CONFIG.offline, self.location.origin).href, { ignoreVary: true });
  const notice = `<div class="notice offline-notice" role="status" data-offline-notice><p><strong>Hors ligne\u00a0:</strong>`
    + ` la page «\u00a0${escape(readable(url.pathname))}\u00a0» n’est pas enregistrée sur votre appareil.`
    + " Voici ce qui s’ouvre sans réseau.</p></div>";
  if (!kept) {
    return new Response(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Hors ligne · RiftPal</title>`
      + `</head><body><main id="contenu"><h1>Hors ligne</h1>${notice}</main></body></html>`,
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
  const html = (await kept.text()).replace(/<main\b[^>]*>/, (main) => main + notice);
  const headers = new Headers(kept.headers);
  for (const name of ["Content-Length", "Content-Encoding", "ETag", "Last-Modified"]) headers.delete(name);
  return new Response(html, { status: 503, headers });
}

function readable(path) {
  try { return decodeURI(path); } catch { return path; }
}
