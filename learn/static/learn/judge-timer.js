// Judge mode: an optional countdown, started on demand; the page works without it.

const MINUTES = 10;
const box = document.querySelector("[data-judge-timer]");

if (box) {
  box.hidden = false;
  const start = box.querySelector("[data-timer-start]");
  const clock = box.querySelector("[data-timer-clock]");
  const announce = box.querySelector("[data-timer-announce]");
  let timer = null;

  const show = (seconds) => {
    const m = Math.floor(seconds / 60);
    const s = String(seconds % 60).padStart(2, "0");
    clock.textContent = `Temps restant : ${m} min ${s} s`;
  };

  start.addEventListener("click", () => {
    clearInterval(timer);
    const end = Date.now() + MINUTES * 60 * 1000;
    start.textContent = "Relancer le chrono";
    announce.textContent = `Chrono lancé : ${MINUTES} minutes.`;
    show(MINUTES * 60);
    timer = setInterval(() => {
      const left = Math.max(0, Math.round((end - Date.now()) / 1000));
      show(left);
      if (left === 60) announce.textContent = "Plus qu'une minute.";
      if (left === 0) {
        clearInterval(timer);
        clock.textContent = "Temps écoulé.";
        announce.textContent = "Temps écoulé.";
      }
    }, 1000);
  });
}
