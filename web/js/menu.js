// The site's menu on a phone (web/css/phone.css): under 600 px the nav folds behind the ☰
// button. The button opens and closes it (aria-expanded); Escape closes it and gives the focus
// back to the button; following a link or clicking elsewhere closes it.

/** Binds the menu button `#menu-toggle` to the nav it controls; returns `close()`. */
export function bindMenu() {
  const button = document.getElementById('menu-toggle');
  const bar = button?.closest('.topbar');
  const nav = document.getElementById('nav');
  if (!button || !bar || !nav) return () => {};
  const isOpen = () => bar.classList.contains('menu-open');
  const set = (open) => {
    bar.classList.toggle('menu-open', open);
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => {
    set(!isOpen());
    if (isOpen()) nav.querySelector('a')?.focus();
  });
  nav.addEventListener('click', (e) => { if (e.target.closest('a')) set(false); });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && isOpen()) {
      set(false);
      button.focus();
    }
  });
  document.addEventListener('click', (e) => { if (isOpen() && !bar.contains(e.target)) set(false); });
  window.addEventListener('hashchange', () => set(false));
  return () => set(false);
}
