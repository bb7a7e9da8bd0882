// The sandbox: live updates keep what the learner is typing, announce the new result, copy the share link.
// Everything works without this module (full-page form posts); it only smooths the htmx updates.
import { announce } from "./announce.js";

const WORKSPACE = "sandbox-workspace";
const PLAYER = "sandbox-player";
let sentValues = new Map();
let restore = null;
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

function textFields(root) {
  return root.querySelectorAll('input[type="text"]:not([readonly]), textarea:not([readonly])');
}

// Remember what each text field held when the request left, so a field typed into during the request
// is not overwritten by the server's (older) copy.
document.addEventListener("htmx:configRequest", (event) => {
  const workspace = document.getElementById(WORKSPACE);
  if (!workspace || !workspace.contains(event.detail.elt)) return;
  sentValues = new Map();
  for (const input of textFields(workspace)) if (input.id) sentValues.set(input.id, input.value);
});

document.addEventListener("htmx:beforeSwap", (event) => {
  const target = event.detail.target;
  if (!target || (target.id !== WORKSPACE && target.id !== PLAYER)) return;
  // The form answers 400 when it shows errors next to fields: those answers must be shown too.
  if (event.detail.xhr.status === 400 || event.detail.xhr.status === 404) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
  restore = null;
  const active = document.activeElement;
  if (target.id === WORKSPACE && active && active.id && target.contains(active)
      && active.matches('input[type="text"], textarea') && sentValues.has(active.id)
      && sentValues.get(active.id) !== active.value) {
    restore = { id: active.id, value: active.value, start: active.selectionStart, end: active.selectionEnd };
  }
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
  if (restore) {
    const field = document.getElementById(restore.id);
    if (field) {
      field.value = restore.value;
      field.focus({ preventScroll: true });
      try { field.setSelectionRange(restore.start, restore.end); } catch { /* not a text field */ }
      // What was typed during the request has not reached the server yet: send it.
      field.dispatchEvent(new Event("change", { bubbles: true }));
    }
    restore = null;
  }
  const status = workspace.querySelector("[data-sandbox-status]");
  if (status) announce(status.textContent.trim());
});

const workspace = document.getElementById(WORKSPACE);
if (workspace) initWorkspace(workspace);
