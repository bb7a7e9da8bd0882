// Every page's behaviours, in one module so a first visit on a slow phone asks for two scripts (this one and
// announce.js, shared with the player and the sandbox) instead of eight (issue 34: over HTTP/1.1 a browser opens six
// connections to a host, and the files beyond them waited for a second round trip). Its sections, in order: htmx
// started after the load event, the stylesheets of a first visit put in the cache, copy-link buttons next to
// permalinks, readers' feedback swapped in place by htmx, htmx forms' own refusals shown in place, the offline
// service worker, and the glossary tooltips and card popovers.
import { announce } from "./announce.js";

// What waits for the page: run now if it has loaded, else once it has (its load event).
function afterLoad(run) {
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
}

// ── htmx, after the load event ──
// The pages that use htmx keep its script tags inert in <template id="htmx-later"> (templates/includes/htmx.html).
// They are started here once the page has loaded: on a slow phone the page no longer waits for htmx (15 KB and its
// start-up) before it is whole (issue 34). Until htmx has run, every control it enhances is a real link or form and
// works as one. The scripts keep their order (htmx, then django-htmx's debug handler under DEBUG); when the last has
// run, <html data-htmx="pret"> says so (the tests and bench/phone.py wait for it).
const later = document.getElementById("htmx-later");
if (later) {
  const start = () => {
    const scripts = [...later.content.querySelectorAll("script[src]")].map((inert) => {
      const script = document.createElement("script");
      for (const { name, value } of inert.attributes) if (name !== "defer") script.setAttribute(name, value);
      script.async = false;  // run in the order written
      return script;
    });
    const last = scripts.at(-1);
    if (!last) return;
    last.addEventListener("load", () => { document.documentElement.dataset.htmx = "pret"; }, { once: true });
    document.head.append(...scripts);
  };
  afterLoad(start);
}

// ── Stylesheets written into a first visit ──
// A page opened from outside the site carries its stylesheets in <style data-href> (core/stylesheets.py); the next
// pages link them. Fetched once the page has loaded, they are in the browser's cache when the reader goes on.
const written = [...document.querySelectorAll("style[data-href]")].map((style) => style.dataset.href);
if (written.length) afterLoad(() => { for (const url of written) fetch(url).catch(() => {}); });

// ── Copy-link buttons ──
// "Copier le lien" buttons: copy the address of a section to the clipboard.
function initCopyLinks(root) {
  for (const button of root.querySelectorAll("button.copy-link[data-copy-anchor]")) {
    if (button.dataset.ready) continue;
    button.dataset.ready = "1";
    button.hidden = false;
    button.addEventListener("click", async () => {
      const url = new URL(window.location.href);
      url.hash = button.dataset.copyAnchor;
      try {
        await navigator.clipboard.writeText(url.toString());
        button.textContent = "Lien copié";
        announce("Lien copié dans le presse-papiers");
      } catch {
        window.location.hash = button.dataset.copyAnchor;
        button.textContent = "Copiez l'adresse affichée";
      }
      window.setTimeout(() => { button.textContent = "Copier le lien"; }, 2000);
    });
  }
}

// ── Readers' feedback ──
// Readers' feedback: htmx swaps only 2xx answers by default. The feedback form's own refusals (a message too
// long, too many posts: 400 and 429, in French) replace the form too, so the reader sees why.
document.addEventListener("htmx:beforeSwap", (event) => {
  const { xhr, target } = event.detail;
  if (target?.classList?.contains("feedback") && (xhr.status === 400 || xhr.status === 429)) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// After a swap, move focus to the new heading so keyboard and screen reader users land on the thank-you.
document.addEventListener("htmx:afterSwap", (event) => {
  const section = document.getElementById("avis");
  if (!section || !event.detail.target?.classList?.contains("feedback")) return;
  const title = section.querySelector("h2");
  if (title) {
    title.tabIndex = -1;
    title.focus({ preventScroll: false });
  }
});

// ── htmx forms' own refusals ──
// Every htmx form shows its own refusals in place: a 400 (a value to correct) or a 429 (too many posts) comes
// back as the form with its French messages, and is swapped like any other answer. htmx leaves error answers
// unswapped, and with DEBUG django-htmx's error handler would replace the whole page with the raw answer: a
// form's own refusal is taken first (window, capture phase) and never reaches that handler. Other errors
// (a 500, a 404 from a wrong address) keep their usual handling.
const OWN_REFUSALS = new Set([400, 429]);

function fromForm(event) {
  const elt = event.detail && event.detail.elt;
  return Boolean(elt && elt.closest && elt.closest("form[hx-post], form[hx-get], [data-player]"));
}

window.addEventListener("htmx:beforeOnLoad", (event) => {
  if (OWN_REFUSALS.has(event.detail.xhr.status) && fromForm(event)) event.stopPropagation();
}, true);

document.addEventListener("htmx:beforeSwap", (event) => {
  if (OWN_REFUSALS.has(event.detail.xhr.status) && fromForm(event)) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// ── Offline ──
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
  afterLoad(register);
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type !== "offline-saved") return;
    document.documentElement.dataset.offlineSaved = event.data.complete ? "complet" : "partiel";
    if (event.data.bytes !== undefined) document.documentElement.dataset.offlineBytes = `${event.data.bytes}/${event.data.budget}`;
  });
  // After the page itself: saving never competes with what the reader opened.
  const save = () => navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage("save-reading"));
  afterLoad(() => setTimeout(save, 500));
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

// Copy-link buttons on the page, and on what htmx swaps in.
initCopyLinks(document);
document.addEventListener("htmx:afterSettle", (event) => initCopyLinks(event.target));

// ── Glossary tooltips and card popovers ──
// Glossary tooltips and card popovers (WAI-ARIA tooltip pattern, WCAG 1.4.13).
// Both come from the glossary's matcher: a term link (a.term) or a card name (a.card-link) is followed by its
// bubble (.term-tip; a card's is also .card-tip). A card link without a bubble (a deck list) is a plain link.
// The definition is already in the page, next to each term link: this module only decides when to show it
// and where. Hover shows it after a short delay and a grace period lets the pointer reach it; keyboard focus
// shows it at once; Escape hides it; on touch the first tap shows it and a second tap follows the link.
// The header switch turns tooltips off and on; the choice is kept in localStorage.

const SHOW_DELAY = 150;
const HIDE_GRACE = 300;
const GAP = 6;
const MARGIN = 8;
const STORAGE_KEY = "riftpal.tooltips";
const root = document.documentElement;

let current = null; // { term, tip }
let showTimer = 0;
let hideTimer = 0;
let touchTerm = null; // term under a touch, and whether its tooltip was already open then
let touchWasOpen = false;

root.classList.add("js-tooltips");

const enabled = () => !root.classList.contains("tooltips-off");
const LINKS = "a.term, a.card-link";
const termOf = (node) => (node instanceof Element ? node.closest(LINKS) : null);
const tipOf = (node) => (node instanceof Element ? node.closest(".term-tip") : null);

function tipFor(term) {
  const id = term.getAttribute("aria-describedby") || term.dataset.describedby;
  return id ? document.getElementById(id) : null;
}

function inside(node) {
  return Boolean(current && node instanceof Node && (current.term.contains(node) || current.tip.contains(node)));
}

function place(term, tip) {
  const rects = term.getClientRects();
  const anchor = rects.length ? rects[0] : term.getBoundingClientRect();
  const width = tip.offsetWidth;
  const height = tip.offsetHeight;
  const viewWidth = root.clientWidth;
  const viewHeight = window.innerHeight;
  let x = Math.max(MARGIN, Math.min(anchor.left, viewWidth - width - MARGIN));
  let y = anchor.bottom + GAP;
  let side = "below";
  // Flip above the term when there is no room below but there is above.
  if (y + height > viewHeight - MARGIN && anchor.top - GAP - height >= MARGIN) {
    y = anchor.top - GAP - height;
    side = "above";
  }
  const arrow = Math.max(12, Math.min(anchor.left + Math.min(anchor.width, 40) / 2 - x, width - 12));
  tip.style.setProperty("--tip-x", `${Math.round(x)}px`);
  tip.style.setProperty("--tip-y", `${Math.round(y)}px`);
  tip.style.setProperty("--tip-arrow", `${Math.round(arrow)}px`);
  tip.dataset.side = side;
}

function show(term) {
  window.clearTimeout(showTimer);
  window.clearTimeout(hideTimer);
  if (!enabled()) return;
  const tip = tipFor(term);
  if (!tip) return;
  if (current && current.tip !== tip) hide();
  current = { term, tip };
  tip.classList.add("is-open");
  term.classList.add("is-open");
  place(term, tip);
}

function hide() {
  window.clearTimeout(showTimer);
  window.clearTimeout(hideTimer);
  if (!current) return;
  current.tip.classList.remove("is-open");
  current.term.classList.remove("is-open");
  current = null;
}

function hideSoon() {
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(hide, HIDE_GRACE);
}

// --- pointer ------------------------------------------------------------------------------------------
document.addEventListener("pointerover", (event) => {
  if (event.pointerType === "touch") return;
  const term = termOf(event.target);
  if (term) {
    window.clearTimeout(showTimer);
    if (current && current.term === term) window.clearTimeout(hideTimer);
    else showTimer = window.setTimeout(() => show(term), SHOW_DELAY);
  } else if (tipOf(event.target) && inside(event.target)) {
    window.clearTimeout(hideTimer); // the pointer reached the tooltip: keep it
  }
});

document.addEventListener("pointerout", (event) => {
  if (event.pointerType === "touch") return;
  const from = termOf(event.target) || tipOf(event.target);
  if (!from) return;
  if (termOf(event.target)) window.clearTimeout(showTimer);
  if (current && !inside(event.relatedTarget) && (from === current.term || from === current.tip)) {
    if (!current.term.matches(":focus") && !current.tip.contains(document.activeElement)) hideSoon();
  }
});

// --- touch: first tap shows, second tap follows -------------------------------------------------------
document.addEventListener("pointerdown", (event) => {
  touchTerm = event.pointerType === "touch" ? termOf(event.target) : null;
  touchWasOpen = Boolean(touchTerm && current && current.term === touchTerm);
  if (current && !inside(event.target)) hide();
});

document.addEventListener("click", (event) => {
  const term = termOf(event.target);
  if (!term || term !== touchTerm || !enabled()) return;
  touchTerm = null;
  if (!touchWasOpen && tipFor(term)) {
    event.preventDefault();
    show(term);
  }
});

// --- keyboard -----------------------------------------------------------------------------------------
document.addEventListener("focusin", (event) => {
  const term = termOf(event.target);
  if (term) show(term);
  else if (inside(event.target)) window.clearTimeout(hideTimer);
});

document.addEventListener("focusout", (event) => {
  if (current && inside(event.target) && !inside(event.relatedTarget)) hide();
});

document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && current) {
    const { term, tip } = current;
    if (tip.contains(document.activeElement)) term.focus({ preventScroll: true });
    hide();
  }
});

// Keep an open tooltip next to its term.
function reposition() {
  if (current) place(current.term, current.tip);
}
window.addEventListener("scroll", reposition, { passive: true, capture: true });
window.addEventListener("resize", reposition, { passive: true });

// --- the on/off switch --------------------------------------------------------------------------------
function applyTerms(scope, on) {
  for (const term of scope.querySelectorAll(LINKS)) {
    if (on && term.dataset.describedby) {
      term.setAttribute("aria-describedby", term.dataset.describedby);
      delete term.dataset.describedby;
    } else if (!on && term.hasAttribute("aria-describedby")) {
      // Off means no tooltip at all, for screen readers too.
      term.dataset.describedby = term.getAttribute("aria-describedby");
      term.removeAttribute("aria-describedby");
    }
  }
}

function setEnabled(on, remember) {
  root.classList.toggle("tooltips-off", !on);
  for (const button of document.querySelectorAll(".tooltip-switch")) {
    button.setAttribute("aria-pressed", String(on));
  }
  applyTerms(document, on);
  if (!on) hide();
  if (remember) {
    try {
      window.localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  }
}

function storedChoice() {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== "off";
  } catch {
    return true;
  }
}

setEnabled(storedChoice(), false);
for (const button of document.querySelectorAll(".tooltip-switch")) {
  button.hidden = false;
  button.addEventListener("click", () => {
    const on = !enabled();
    setEnabled(on, true);
    announce(on ? "Info-bulles du glossaire activées" : "Info-bulles du glossaire désactivées");
  });
}

// Another tab changed the choice.
window.addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEY) setEnabled(event.newValue !== "off", false);
});

// Fragments swapped in by htmx follow the current choice.
document.addEventListener("htmx:afterSettle", (event) => applyTerms(event.target, enabled()));
