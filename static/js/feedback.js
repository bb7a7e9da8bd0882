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
