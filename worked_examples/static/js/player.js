// The example player: keyboard, autoplay, counting numbers, step announcements, « Et si… ? » errors, copy link.
// Stepping itself is plain links enhanced by htmx (hx-get on each link), so the page works without JS;
// everything this module shows (autoplay, « Copier le lien ») stays hidden until it runs.
import { announce } from "./announce.js";

const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
// Keyed by the player's id: the element itself is replaced by each htmx swap.
const timers = new Map();

function countUp(element) {
  const from = Number(element.dataset.from);
  const to = Number(element.dataset.to);
  if (!Number.isFinite(from) || !Number.isFinite(to) || from === to || reducedMotion.matches) return;
  const duration = 450;
  const start = performance.now();
  element.classList.add("is-counting");
  const frame = (now) => {
    const t = Math.min(1, (now - start) / duration);
    element.textContent = String(Math.round(from + (to - from) * t));
    if (t < 1) requestAnimationFrame(frame);
    else element.classList.remove("is-counting");
  };
  element.textContent = String(from);
  requestAnimationFrame(frame);
}

// On a single column (a phone) the narration and the controls are a dock stuck to the bottom of the screen
// (player.css): the board goes on under it. The band of the screen where the board shows is then between the
// header (when it is sticky) and the dock.
function docked(player) {
  const dock = player.querySelector(".player__dock");
  return dock && getComputedStyle(dock).position === "sticky" ? dock : null;
}

function band(player) {
  const dock = docked(player);
  const bottom = dock ? Math.min(window.innerHeight, dock.getBoundingClientRect().top) : window.innerHeight;
  return { top: headerBottom(), bottom };
}

function headerBottom() {
  const header = document.querySelector(".site-header");
  return header && getComputedStyle(header).position === "sticky" ? header.getBoundingClientRect().bottom : 0;
}

function scrollByPixels(delta) {
  if (Math.abs(delta) >= 0.5) window.scrollBy({ top: delta, behavior: "instant" });
}

// What changed at this step: the card that changed and, while a chain is drawn, the item that resolves or else the
// newest (the one a step about the chain speaks of); both when they fit the band together, else the card.
function changeBox(player, height) {
  const boxes = [player.querySelector(".unit--focus, .unit--changed, .unit--moved"),
    player.querySelector(".chain__item--resolving") || player.querySelector(".chain__item")]
    .filter(Boolean).map((element) => element.getBoundingClientRect());
  if (!boxes.length) return null;
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  return bottom - top <= height ? { top, bottom } : boxes[0];
}

// What changed, brought into the band (its top wins when it is taller), when that does not move `control` on the
// screen; with the dock stuck to the bottom, scrolling the board under it never does.
function revealChange(player, control) {
  const { top, bottom } = band(player);
  const box = changeBox(player, bottom - top - 8);
  if (!box) return;
  let delta = 0;
  if (box.bottom > bottom) delta = box.bottom - bottom + 4;
  if (box.top - delta < top) delta = box.top - top - 4;
  if (!delta) return;
  const before = control ? control.getBoundingClientRect().top : 0;
  scrollByPixels(delta);
  if (control && Math.abs(control.getBoundingClientRect().top - before) > 1) scrollByPixels(-delta);
}

// After a step asked otherwise than by a control (a dot, a branch, the detail switch), the board, the narration
// and the controls stay in sight: when they fit the window, the board's top is brought just under the (sticky)
// header; when they do not, the card that changed is centred instead. On a phone the player is brought to where
// a step link lands (its top, so the dock is at the bottom of the screen), then the change is shown above the dock.
function keepInSight(player) {
  const board = player.querySelector(".board");
  const controls = player.querySelector(".controls");
  if (!board || !controls) return;
  const top = headerBottom();
  const dock = docked(player);
  if (dock) {
    const stage = player.querySelector(".player__stage").getBoundingClientRect();
    if (stage.top > window.innerHeight / 2 || stage.bottom < window.innerHeight - 1) {
      player.scrollIntoView({ block: "start", behavior: "instant" });
    }
    revealChange(player, controls);
    return;
  }
  const start = board.getBoundingClientRect().top;
  const end = controls.getBoundingClientRect().bottom;
  if (start >= top && end <= window.innerHeight) return;
  if (end - start <= window.innerHeight - top) {
    window.scrollBy({ top: start - top - 4, behavior: "instant" });
    return;
  }
  const changed = player.querySelector(".unit--focus, .unit--changed, .unit--moved") || board;
  changed.scrollIntoView({ block: "center", behavior: "instant" });
}

// The control a step was asked with, and where it and the player were on screen: after the swap the player is put
// back where it was (the board under the eye does not jump: the swap itself may scroll the page) and the control's
// twin at the same height, so the thumb that pressed « Étape suivante » finds it again without looking. The
// narration sits just above the controls; if it no longer fits there, its start wins.
const anchors = new Map();

document.addEventListener("htmx:beforeRequest", (event) => {
  const elt = event.detail.elt;
  const player = elt?.closest?.("[data-player]");
  if (!player) return;
  const control = elt.closest(".controls [data-action]");
  if (control) {
    anchors.set(player.id, {
      action: control.dataset.action,
      top: control.getBoundingClientRect().top,
      player: player.getBoundingClientRect().top,
    });
  } else anchors.delete(player.id);
});

function keepControlsSteady(player, saved) {
  const control = player.querySelector(`.controls [data-action="${saved.action}"]`);
  if (!control) return false;
  scrollByPixels(player.getBoundingClientRect().top - saved.player);
  scrollByPixels(control.getBoundingClientRect().top - saved.top);
  const top = headerBottom();
  if (docked(player)) {
    const narration = player.querySelector(".narration");
    if (narration && narration.getBoundingClientRect().top < top) {
      scrollByPixels(narration.getBoundingClientRect().top - top - 4);
    }
    revealChange(player, control);
    return true;
  }
  const board = player.querySelector(".board");
  const controls = player.querySelector(".controls");
  if (board && controls) {
    // When board, narration and controls fit the window, none of them is left cut: the smallest shift that shows
    // them all (the button then moves by what the board grew, no more).
    const start = board.getBoundingClientRect().top;
    const end = controls.getBoundingClientRect().bottom;
    if (end - start <= window.innerHeight - top) {
      if (start < top) scrollByPixels(start - top - 2);
      else if (end > window.innerHeight) scrollByPixels(end - window.innerHeight + 2);
      return true;
    }
  }
  const narration = player.querySelector(".narration");
  if (narration && narration.getBoundingClientRect().top < top) {
    scrollByPixels(narration.getBoundingClientRect().top - top - 4);
  }
  return true;
}

function go(player, action) {
  const link = player.querySelector(`.controls [data-action="${action}"]`);
  if (!link || link.getAttribute("aria-disabled") === "true") return false;
  link.click();
  return true;
}

function stopAutoplay(player) {
  const timer = timers.get(player.id);
  if (timer) window.clearTimeout(timer);
  timers.delete(player.id);
}

function scheduleAutoplay(player) {
  const speed = player.querySelector("[data-speed]");
  const delay = Number(speed ? speed.value : 1300);
  timers.set(player.id, window.setTimeout(() => {
    timers.delete(player.id);
    const current = document.getElementById(player.id);
    ticking.add(player.id);
    if (!current || !go(current, "next")) {
      ticking.delete(player.id);
      setPlaying(current, false);
    }
  }, delay));
}

const playing = new Map();
// Players whose last step was asked for by autoplay: if « Pause » comes before its answer, the answer is dropped.
const ticking = new Set();

function setPlaying(player, on) {
  if (!player) return;
  playing.set(player.id, on);
  const button = player.querySelector('[data-action="play"]');
  if (button) {
    button.setAttribute("aria-pressed", String(on));
    button.textContent = on ? "Pause" : "Lecture automatique";
  }
  if (on) scheduleAutoplay(player);
  else stopAutoplay(player);
}

function init(player) {
  player.querySelectorAll("[data-autoplay], [data-copy-step]").forEach((element) => { element.hidden = false; });
  player.querySelectorAll(".js-count").forEach(countUp);
  const speed = player.querySelector("[data-speed]");
  const savedSpeed = sessionStorage.getItem("riftpal-speed");
  if (speed && savedSpeed) speed.value = savedSpeed;
  if (playing.get(player.id)) {
    const isLast = player.querySelector('[data-action="next"]')?.getAttribute("aria-disabled") === "true";
    setPlaying(player, !isLast);
  }
}

async function copyStepLink(button) {
  const url = new URL(button.dataset.copyStep, window.location.href);
  url.hash = button.closest("[data-player]").id;
  try {
    await navigator.clipboard.writeText(url.toString());
    button.textContent = "Lien copié";
    announce("Lien de cette étape copié dans le presse-papiers");
  } catch {
    window.history.replaceState(window.history.state, "", url);
    button.textContent = "Copiez l'adresse affichée";
  }
  window.setTimeout(() => { button.textContent = "Copier le lien"; }, 2000);
}

document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy-step]");
  if (copy) {
    copyStepLink(copy);
    return;
  }
  const button = event.target.closest('[data-action="play"]');
  if (!button) return;
  const player = button.closest("[data-player]");
  const on = button.getAttribute("aria-pressed") !== "true";
  if (on && player.querySelector('[data-action="next"]')?.getAttribute("aria-disabled") === "true") {
    go(player, "first");
  }
  setPlaying(player, on);
});

document.addEventListener("change", (event) => {
  if (event.target.matches("[data-speed]")) sessionStorage.setItem("riftpal-speed", event.target.value);
});

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target.closest("input, select, textarea, summary, [contenteditable]")) return;
  let player = target.closest ? target.closest("[data-player]") : null;
  // Keys typed while using another form or control of the page (the sandbox) belong to that control.
  if (!player && target.closest && target.closest("form, button, a")) return;
  if (!player) {
    const players = document.querySelectorAll("[data-player]");
    if (players.length !== 1) return;
    player = players[0];
  }
  const keys = { ArrowRight: "next", ArrowLeft: "previous", Home: "first", End: "last" };
  if (keys[event.key]) {
    event.preventDefault();
    setPlaying(player, false);
    go(player, keys[event.key]);
  } else if (event.key === " " && !target.closest("button")) {
    event.preventDefault();
    player.querySelector('[data-action="play"]')?.click();
  }
});

// A « Et si… ? » value the server refuses comes back as 400 with the player and its inline message.
// htmx does not swap error responses (and django-htmx's debug handler would show it as a whole page), so a
// player's own 400 is taken here, before both, and swapped like any other answer.
function fromPlayer(event) {
  const elt = (event.detail && event.detail.elt) || event.target;
  return Boolean(elt && elt.closest && elt.closest("[data-player]"));
}

window.addEventListener("htmx:beforeOnLoad", (event) => {
  if (event.detail.xhr.status === 400 && fromPlayer(event)) event.stopPropagation();
}, true);

document.addEventListener("htmx:beforeSwap", (event) => {
  const id = event.detail.target && event.detail.target.id;
  if (id && ticking.delete(id) && playing.get(id) === false) {
    event.detail.shouldSwap = false;  // paused while the step was on its way: the step shown stays
    return;
  }
  if (event.detail.xhr.status === 400 && fromPlayer(event)) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

document.addEventListener("htmx:afterSwap", (event) => {
  const player = document.getElementById(event.detail.target.id);
  if (!player || !player.matches("[data-player]")) return;
  init(player);
  const error = player.querySelector("[data-error]");
  if (error) {
    player.querySelector(".whatif")?.setAttribute("open", "");
    error.focus();
    announce(error.textContent);
    return;
  }
  const fromForm = event.detail.requestConfig?.elt?.matches?.("form");
  const difference = player.querySelector("[data-difference]");
  const count = player.querySelector(".narration__count")?.textContent ?? "";
  const text = player.querySelector("[data-narration]")?.textContent ?? "";
  if (fromForm && difference) {
    difference.focus();
    announce(`${difference.textContent.trim()} ${count}. ${text}`);
    return;
  } else {
    announce(`${count}. ${text}`);
  }
  const saved = anchors.get(player.id);
  anchors.delete(player.id);
  if (!fromForm && !(saved && keepControlsSteady(player, saved))) keepInSight(player);
  if (!player.contains(document.activeElement) || document.activeElement === document.body) {
    player.focus({ preventScroll: true });
  }
});

document.querySelectorAll("[data-player]").forEach(init);
