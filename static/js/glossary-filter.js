// Glossary index: the filter box narrows the list as you type. Without JavaScript the same box is a form
// that the server answers; with it, every term is in the page and only the hidden state changes.
const form = document.querySelector(".glossary-filter");
const input = form?.querySelector("input[name=q]");
const count = document.getElementById("glossary-count");
const empty = document.querySelector(".glossary-empty");
const total = Number(count?.dataset.total || 0);

const normalise = (text) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

const items = [...document.querySelectorAll(".term-list__item")].map((item) => ({
  item, text: normalise(item.dataset.search || item.textContent),
}));
const groups = [...document.querySelectorAll(".glossary-group")];
const letters = new Map([...document.querySelectorAll(".letter-nav [data-letter]")].map((el) => [el.dataset.letter, el]));

function filter() {
  const words = normalise(input.value).split(/\s+/).filter(Boolean);
  let shown = 0;
  for (const { item, text } of items) {
    const match = words.every((word) => text.includes(word));
    item.hidden = !match;
    if (match) shown += 1;
  }
  for (const group of groups) {
    const visible = group.querySelector(".term-list__item:not([hidden])") !== null;
    group.hidden = !visible;
    letters.get(group.dataset.letter)?.classList.toggle("is-filtered-out", !visible);
  }
  if (empty) empty.hidden = shown > 0;
  if (count) {
    const plural = (n) => (n > 1 ? "s" : "");
    count.textContent = words.length ? `${shown} terme${plural(shown)} sur ${total}` : `${total} terme${plural(total)}`;
  }
  const url = new URL(window.location.href);
  if (words.length) url.searchParams.set("q", input.value.trim());
  else url.searchParams.delete("q");
  window.history.replaceState(window.history.state, "", url);
}

if (form && input) {
  input.addEventListener("input", filter);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    filter();
  });
}
