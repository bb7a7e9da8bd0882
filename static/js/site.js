// Site-wide behaviours: copy-link buttons next to permalinks.
import { initCopyLinks } from "./copy-link.js";

initCopyLinks(document);
document.addEventListener("htmx:afterSettle", (event) => initCopyLinks(event.target));
