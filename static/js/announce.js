// Speak a short message to screen readers through the page's polite live region.
export function announce(message) {
  const region = document.getElementById("site-announcer");
  if (!region) return;
  region.textContent = "";
  window.setTimeout(() => { region.textContent = message; }, 30);
}
