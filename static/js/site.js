// Site-wide behaviours: copy-link buttons next to permalinks, readers' feedback swapped in place by htmx,
// htmx forms' own refusals shown in place, the offline service worker.
import { initCopyLinks } from "./copy-link.js";
import "./feedback.js";
import "./htmx-errors.js";
import "./offline.js";

initCopyLinks(document);
document.addEventListener("htmx:afterSettle", (event) => initCopyLinks(event.target));
