// Offline at the table: registers the service worker (core/offline.py), which keeps the frame, the indexes and
// every page visited; once this page has loaded, asks it to save the reading content (every rules section, FAQ
// answer, glossary term and guide, within the budget it states) and records the outcome on <html
// data-offline-saved="complet|partiel">. The banner shown when the network goes away says only what is true:
// the whole reading content once it is saved, otherwise the pages already opened.
const link = document.querySelector("link[rel=manifest][data-service-worker]");
const SAVED_CACHE_PREFIX = "riftpal-complete-";

if (link && "serviceWorker" in navigator && window.isSecureContext) {
  // Registered once the page has loaded: on a first visit the worker's install (its script, the frame it keeps)
  // would otherwise compete with the page's own files on a slow phone (issue 34).
  const register = () => navigator.serviceWorker.register(link.dataset.serviceWorker, { scope: "/" }).catch(() => {
    /* private browsing or storage refused: the site works as before, online only */
  });
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type !== "offline-saved") return;
    document.documentElement.dataset.offlineSaved = event.data.complete ? "complet" : "partiel";
    if (event.data.bytes !== undefined) document.documentElement.dataset.offlineBytes = `${event.data.bytes}/${event.data.budget}`;
  });
  // After the page itself: saving never competes with what the reader opened.
  const save = () => navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage("save-reading"));
  if (document.readyState === "complete") setTimeout(save, 500);
  else window.addEventListener("load", () => setTimeout(save, 500), { once: true });
}

async function readingSaved() {
  try {
    return (await caches.keys()).some((name) => name.startsWith(SAVED_CACHE_PREFIX));
  } catch {
    return false;
  }
}

const NOTICE_ID = "offline-notice-live";

async function showOffline() {
  if (document.querySelector("[data-offline-notice]")) return;
  const main = document.getElementById("contenu");
  if (!main) return;
  const what = (await readingSaved())
    ? "les règles, la FAQ, le glossaire, les guides et les pages déjà ouvertes restent lisibles"
    : "les pages déjà ouvertes restent lisibles";
  if (document.querySelector("[data-offline-notice]")) return; // the worker's own notice arrived meanwhile
  const notice = document.createElement("div");
  notice.className = "notice offline-notice";
  notice.id = NOTICE_ID;
  notice.setAttribute("role", "status");
  notice.dataset.offlineNotice = "";
  const text = document.createElement("p");
  const strong = document.createElement("strong");
  strong.textContent = "Hors ligne\u00a0:";
  text.append(strong, ` ${what}\u202f; les exemples interactifs et la recherche attendent le retour du réseau.`);
  notice.append(text);
  main.prepend(notice);
}

// The offline page: what this device holds, grouped by kind, titles from the saved reading list.
async function listSaved(section) {
  let names;
  try {
    names = await caches.keys();
  } catch {
    return;
  }
  const pagesCache = names.find((name) => name.startsWith("riftpal-pages-"));
  if (!pagesCache) return;
  const titles = new Map();
  const list = await caches.match(section.dataset.offlineList);
  if (list) {
    for (const page of (await list.json()).pages) titles.set(page.url, page);
  }
  const groups = new Map();
  for (const request of await (await caches.open(pagesCache)).keys()) {
    const url = new URL(request.url);
    if (url.pathname === location.pathname) continue;
    const known = titles.get(url.pathname + url.search);
    const kind = known ? known.kind : "autres pages";
    if (!groups.has(kind)) groups.set(kind, []);
    groups.get(kind).push({ href: url.pathname + url.search, title: known ? known.title : decodeURIComponent(url.pathname) });
  }
  let total = 0;
  for (const details of section.querySelectorAll("[data-offline-kind]")) {
    const pages = groups.get(details.dataset.offlineKind) || [];
    if (!pages.length) continue;
    total += pages.length;
    pages.sort((a, b) => a.title.localeCompare(b.title, "fr"));
    const ul = details.querySelector("ul");
    for (const page of pages) {
      const item = document.createElement("li");
      const anchor = document.createElement("a");
      anchor.href = page.href;
      anchor.textContent = page.title;
      item.append(anchor);
      ul.append(item);
    }
    details.querySelector("[data-offline-count]").textContent = `(${pages.length})`;
    details.hidden = false;
  }
  const summary = section.querySelector("[data-offline-saved-summary]");
  if (total) summary.textContent = `${total} pages s’ouvrent sans réseau sur cet appareil.`;
}

const savedSection = document.querySelector("[data-offline-saved]");
if (savedSection && "caches" in window) listSaved(savedSection);

window.addEventListener("offline", showOffline);
window.addEventListener("online", () => document.getElementById(NOTICE_ID)?.remove());
if (navigator.onLine === false) showOffline();
