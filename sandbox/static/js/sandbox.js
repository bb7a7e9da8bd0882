// The sandbox: live updates keep what the learner is typing, announce the new result, copy the share link.
// Everything works without this module (full-page form posts); it only smooths the htmx updates.
import { announce } from "./announce.js";

const WORKSPACE = "sandbox-workspace";
const PLAYER = "sandbox-player";
let sentValues = new Map();
let kept = []; // the fields an answer must not replace: [{ id, edited }]
let activeBefore = null;
let caret = {};
let lastSubmit = -1;
let inFlight = false;
let deferred = null; // what the learner asked for while a request was in flight

// One request at a time, and none is aborted: a change waits 400 ms before it is sent, so a button pressed
// meanwhile already carries every field (the delayed change is dropped); a button pressed while a request
// is in flight is pressed again, on the new form, once the answer has been swapped in.
document.addEventListener("submit", (event) => {
  if (event.target.id === "sandbox-form") lastSubmit = performance.now();
}, true);

// Choosing what « Ajouter » will add changes nothing yet: no need to send the form.
document.addEventListener("change", (event) => {
  if (event.target.matches && event.target.matches("#sb-new-kind, #sb-new-action")) event.stopPropagation();
}, true);

document.addEventListener("htmx:confirm", (event) => {
  if (event.detail.elt.id !== "sandbox-form") return;
  const trigger = event.detail.triggeringEvent;
  const isChange = trigger && trigger.type === "change";
  if (isChange && trigger.timeStamp <= lastSubmit) {
    event.preventDefault();
    return;
  }
  if (!inFlight) return;
  event.preventDefault();
  if (!isChange) {
    const button = trigger && trigger.submitter;
    deferred = { op: button && button.name === "op" ? button.value : null };
  } else if (!deferred) {
    deferred = { change: true };
  }
});

document.addEventListener("htmx:beforeSend", (event) => {
  if (event.detail.elt.id === "sandbox-form") inFlight = true;
});

document.addEventListener("htmx:afterRequest", (event) => {
  // Once the form is swapped out, htmx reports the end of its request on a remaining ancestor.
  const config = event.detail.requestConfig;
  if (!inFlight || !config || !config.elt || config.elt.id !== "sandbox-form") return;
  window.setTimeout(() => {
    inFlight = false;
    const again = deferred;
    deferred = null;
    const form = document.getElementById("sandbox-form");
    if (!again || !form) return;
    if (again.op) {
      const button = [...form.querySelectorAll('button[name="op"]')].find((b) => b.value === again.op);
      if (button) button.click();
    } else {
      form.dispatchEvent(new Event(again.change ? "change" : "submit", { bubbles: true, cancelable: true }));
    }
  }, 0);
});

// Fields the learner may still be editing when a save comes back: every field with a value.
const FIELDS = 'input:not([type="hidden"]):not([type="submit"]):not([type="button"]):not([readonly]), select, textarea:not([readonly])';

function fieldValue(field) {
  if (field.type === "checkbox" || field.type === "radio") return field.checked ? "1" : "";
  if (field.multiple) return [...field.selectedOptions].map((o) => o.value).join("\u0001");
  return field.value;
}

// What each field held when the request left: a field that differs when the answer comes back was edited meanwhile.
document.addEventListener("htmx:configRequest", (event) => {
  const workspace = document.getElementById(WORKSPACE);
  if (!workspace || !workspace.contains(event.detail.elt)) return;
  sentValues = new Map();
  for (const field of workspace.querySelectorAll(FIELDS)) if (field.id) sentValues.set(field.id, fieldValue(field));
});

// A save must never replace a field the learner is editing. The answer swaps the whole workspace (row titles,
// errors, result), but the field that has the focus, and any field edited since the request left, are kept as
// they are (htmx's hx-preserve: the very same element, so its value, caret and focus survive), and a new save
// sends what the server has not seen yet.
document.addEventListener("htmx:beforeSwap", (event) => {
  const target = event.detail.target;
  if (!target || (target.id !== WORKSPACE && target.id !== PLAYER)) return;
  // The form answers 400 when it shows errors next to fields: those answers must be shown too.
  if (event.detail.xhr.status === 400 || event.detail.xhr.status === 404) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
  kept = [];
  if (target.id !== WORKSPACE || !event.detail.shouldSwap) return;
  const active = document.activeElement;
  activeBefore = active;
  caret = { start: active && active.selectionStart, end: active && active.selectionEnd };
  for (const field of target.querySelectorAll(FIELDS)) {
    if (!field.id) continue;
    const edited = sentValues.has(field.id) && sentValues.get(field.id) !== fieldValue(field);
    if (edited || field === active) kept.push({ id: field.id, edited });
  }
  if (!kept.length) return;
  const answer = document.createElement("template");
  answer.innerHTML = event.detail.serverResponse;
  kept = kept.filter(({ id }) => {
    const fresh = answer.content.getElementById(id);
    // A field the answer no longer has (its row was deleted) or now names differently is not kept.
    if (!fresh || fresh.tagName !== document.getElementById(id).tagName) return false;
    fresh.setAttribute("hx-preserve", "");
    fresh.removeAttribute("autofocus");
    return true;
  });
  event.detail.serverResponse = answer.innerHTML;
});

function initCopy(root) {
  const button = root.querySelector("[data-copy-share]");
  const input = root.querySelector("#sb-share-url");
  if (!button || !input) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
      button.textContent = "Lien copié";
      announce("Lien de partage copié dans le presse-papiers");
    } catch {
      input.focus();
      input.select();
      button.textContent = "Copiez le lien sélectionné";
    }
    window.setTimeout(() => { button.textContent = "Copier le lien"; }, 2000);
  });
}

function initWorkspace(workspace) {
  initCopy(workspace);
  // The example player's autoplay controls are revealed by player.js on its own swaps only.
  workspace.querySelectorAll("[data-player] [data-autoplay]").forEach((el) => { el.hidden = false; });
}

document.addEventListener("htmx:afterSwap", (event) => {
  const workspace = document.getElementById(WORKSPACE);
  if (!workspace || event.detail.target.id !== WORKSPACE) return;
  initWorkspace(workspace);
  const edited = kept.filter((k) => k.edited).map((k) => document.getElementById(k.id)).filter(Boolean);
  const active = kept.map((k) => document.getElementById(k.id)).find((f) => f && f === activeBefore);
  // Without the moveBefore API the preserved element is moved back into place and loses the focus: give it back.
  if (active && document.activeElement !== active) {
    active.focus({ preventScroll: true });
    try { active.setSelectionRange(caret.start, caret.end); } catch { /* not a text field */ }
  }
  kept = [];
  // What was edited during the request has not reached the server yet: send it. Not from here: htmx has not
  // wired the new form yet (that happens when it settles), and the old form's pending 400 ms change left with it.
  // The end of the request sends it on the new form; if that already happened, the next turn of the loop does.
  if (edited.length) {
    if (inFlight) deferred = deferred || { change: true };
    else window.setTimeout(() => { if (edited[0].isConnected) edited[0].dispatchEvent(new Event("change", { bubbles: true })); }, 0);
  }
  const status = workspace.querySelector("[data-sandbox-status]");
  if (status) announce(status.textContent.trim());
});

const workspace = document.getElementById(WORKSPACE);
if (workspace) initWorkspace(workspace);
