// "Copier le lien" buttons: copy the address of a section to the clipboard.
import { announce } from "./announce.js";

export function initCopyLinks(root) {
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
