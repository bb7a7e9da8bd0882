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
