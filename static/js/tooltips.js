// Glossary tooltips and card popovers (WAI-ARIA tooltip pattern, WCAG 1.4.13).
// Both come from the glossary's matcher: a term link (a.term) or a card name (a.card-link) is followed by its
// bubble (.term-tip; a card's is also .card-tip). A card link without a bubble (a deck list) is a plain link.
// The definition is already in the page, next to each term link: this module only decides when to show it
// and where. Hover shows it after a short delay and a grace period lets the pointer reach it; keyboard focus
// shows it at once; Escape hides it; on touch the first tap shows it and a second tap follows the link.
// The header switch turns tooltips off and on; the choice is kept in localStorage.
import { announce } from "./announce.js";

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
