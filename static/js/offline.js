// Offline at the table: registers the service worker (core/offline.py), which keeps the frame, the rules
// index, the FAQ, the glossary and every page visited. The worker marks a page it serves from the device
// « Hors ligne »; a page already open says so too when the network goes away.
const link = document.querySelector("link[rel=manifest][data-service-worker]");
if (link && "serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register(link.dataset.serviceWorker, { scope: "/" }).catch(() => {
    /* private browsing or storage refused: the site works as before, online only */
  });
}

const NOTICE_ID = "offline-notice-live";

function showOffline() {
  if (document.querySelector("[data-offline-notice]")) return;
  const main = document.getElementById("contenu");
  if (!main) return;
  const notice = document.createElement("div");
  notice.className = "notice offline-notice";
  notice.id = NOTICE_ID;
  notice.setAttribute("role", "status");
  notice.dataset.offlineNotice = "";
  notice.innerHTML = "<p><strong>Hors ligne\u00a0:</strong> les pages déjà ouvertes et les règles restent lisibles\u202f;"
    + " les exemples interactifs et la recherche attendent le retour du réseau.</p>";
  main.prepend(notice);
}

window.addEventListener("offline", showOffline);
window.addEventListener("online", () => document.getElementById(NOTICE_ID)?.remove());
if (navigator.onLine === false) showOffline();
