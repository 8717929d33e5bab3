/**
 * The page's entry. The loading screen of index.html (with the brand's name the server filled in)
 * is painted first; the app starts in the next task after that paint. Its code is already on the
 * way: index.html preloads the app's modules and style sheets (vite.config.ts `preloadApp`), so
 * waiting for the paint costs one frame, not a download.
 */
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./main.tsx');
};
// A background tab runs no animation frames: the timer starts the app there.
const fallback = window.setTimeout(start, 100);
requestAnimationFrame(() => {
  window.clearTimeout(fallback);
  window.setTimeout(start, 0);
});
