// Site-wide behaviours: copy-link buttons next to permalinks, readers' feedback swapped in place by htmx.
import { initCopyLinks } from "./copy-link.js";
import "./feedback.js";

initCopyLinks(document);
document.addEventListener("htmx:afterSettle", (event) => initCopyLinks(event.target));
