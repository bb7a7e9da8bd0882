// Practice progress without an account: answers kept in this browser (localStorage), a level per area, missed
// questions offered again sooner, and a « Réinitialiser » button. The pages work without it; it only adds.

const KEY = "riftpal.entrainement.v1";
// After a wrong answer a question is due again at once; after a right one, later each time (in answers given).
const SPACING = [0, 3, 8, 20];
const LEVELS = ["à découvrir", "en route", "solide", "maîtrisé"];

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return { clock: data.clock || 0, questions: data.questions || {} };
  } catch {
    return { clock: 0, questions: {} };
  }
}

function save(state) {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    // Storage full or refused (private mode): progress is simply not kept.
  }
}

function record(state, slug, area, right) {
  const entry = state.questions[slug] || { area, right: 0, wrong: 0, streak: 0 };
  state.clock += 1;
  entry.area = area;
  entry.last = right ? "juste" : "faux";
  if (right) {
    entry.right += 1;
    entry.streak += 1;
  } else {
    entry.wrong += 1;
    entry.streak = 0;
  }
  entry.due = state.clock + SPACING[Math.min(entry.streak, SPACING.length - 1)];
  state.questions[slug] = entry;
}

function areaLevel(state, area, size) {
  const mastered = Object.values(state.questions).filter((q) => q.area === area && q.last === "juste").length;
  const share = size ? mastered / size : 0;
  return LEVELS[share >= 0.75 ? 3 : share >= 0.4 ? 2 : share > 0 ? 1 : 0];
}

function missed(state) {
  return Object.entries(state.questions)
    .filter(([, q]) => q.last === "faux" || q.due <= state.clock)
    .sort(([, a], [, b]) => (b.last === "faux") - (a.last === "faux") || a.due - b.due)
    .map(([slug]) => slug);
}

function questionPage(state) {
  const article = document.querySelector(".practice-question[data-question]");
  const verdict = document.querySelector("[data-verdict]");
  if (!article || !verdict) return;
  // The verdict's heading first, whatever the length of the explanation under it: focus() alone would centre the
  // whole (tall) verdict and push « Juste / Pas tout à fait » above the screen.
  verdict.focus({ preventScroll: true });
  verdict.scrollIntoView({ block: "start", behavior: "instant" });
  const slug = article.dataset.question;
  // A reload of the same answer page must not count twice.
  const stamp = `${slug}:${location.search}`;
  if (sessionStorage.getItem("riftpal.entrainement.last") === stamp) return;
  sessionStorage.setItem("riftpal.entrainement.last", stamp);
  record(state, slug, article.dataset.area, verdict.dataset.verdict === "juste");
  save(state);
  // A question missed earlier comes back before new ones: offer it next to « Question suivante ».
  const again = missed(state).find((other) => other !== slug);
  const nav = document.querySelector(".practice-nav");
  if (again && nav) {
    const link = document.createElement("a");
    link.href = new URL(`../${again}/`, location.href).pathname;
    link.textContent = "Revoir une question manquée";
    nav.prepend(link, " · ");
  }
}

function indexPage(state) {
  const panel = document.querySelector("[data-progress-panel]");
  if (!panel) return;
  panel.hidden = false;
  const links = new Map();
  for (const item of document.querySelectorAll("li[data-question]")) {
    const entry = state.questions[item.dataset.question];
    links.set(item.dataset.question, item.querySelector("a"));
    const badge = item.querySelector("[data-question-state]");
    if (entry && badge) {
      badge.dataset.state = entry.last;
      badge.textContent = entry.last === "juste" ? "✓ réussie" : "✗ à revoir";
    }
  }
  for (const section of document.querySelectorAll("[data-area]")) {
    const level = section.querySelector("[data-area-level]");
    if (level) level.textContent = `· niveau : ${areaLevel(state, section.dataset.area, Number(section.dataset.areaSize))}`;
  }
  const answered = Object.values(state.questions);
  const right = answered.filter((q) => q.last === "juste").length;
  panel.querySelector("[data-progress-summary]").textContent = answered.length
    ? `${answered.length} question(s) tentée(s), ${right} réussie(s) à la dernière tentative.`
    : "Aucune réponse pour l'instant : choisissez une question ci-dessous.";
  const review = panel.querySelector("[data-progress-review]");
  review.replaceChildren();
  const due = missed(state).filter((slug) => links.has(slug)).slice(0, 5);
  if (due.length) {
    const title = document.createElement("h3");
    title.textContent = "À revoir en premier";
    const list = document.createElement("ul");
    for (const slug of due) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = links.get(slug).href;
      link.textContent = links.get(slug).textContent;
      item.append(link);
      list.append(item);
    }
    review.append(title, list);
  }
  panel.querySelector("[data-progress-reset]").addEventListener("click", () => {
    try {
      localStorage.removeItem(KEY);
    } catch {
      // nothing kept, nothing to remove
    }
    indexPage(load());
    panel.querySelector("[data-progress-summary]").textContent = "Progression effacée.";
    for (const badge of document.querySelectorAll("[data-question-state]")) {
      badge.textContent = "";
      delete badge.dataset.state;
    }
  }, { once: true });
}

const state = load();
questionPage(state);
indexPage(state);
