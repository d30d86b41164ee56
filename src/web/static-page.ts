// The script of a public page a visitor only reads (the home page, Learn More, About, the FAQ, the
// legal pages). The server prerenders those pages whole, links are plain links and the FAQ's
// answers open without a script, so the app is not started on them: this reports errors and web
// vitals, registers the service worker, and opens the phone menu, rendered by React when first
// wanted. Following a link loads the next page from the server (prerendered too, or the app).
// First, as in main.tsx: the menu's code carries zod, which must not probe for eval (the CSP).
import './zod-config';
import { afterFirstPaint } from './components/after-first-paint';
import { readPublicConfig } from './config';
import { SITE_DRAWER_ID } from './layout/nav-items';
import { installErrorReporting } from './monitoring/error-reporting';
import { startWebVitals } from './monitoring/web-vitals';
import { rememberLabelName, serviceWorkerUpdates } from './pwa/register-service-worker';

installErrorReporting();
const config = readPublicConfig();
// Each of these pages is its own route pattern.
startWebVitals(window.location.pathname);

afterFirstPaint(window, () => {
  rememberLabelName(config.labelName);
  serviceWorkerUpdates()
    ?.start()
    .catch((error: unknown) => console.warn('The service worker was not registered', error));
});

const menuButton = document.querySelector<HTMLButtonElement>(`button[aria-controls="${SITE_DRAWER_ID}"]`);
if (menuButton) {
  const loadDrawer = () => import('./layout/site-drawer-island');
  // Fetched when the button is near, as the app's top bar does.
  for (const type of ['pointerenter', 'focus', 'touchstart'] as const) {
    menuButton.addEventListener(type, () => void loadDrawer(), { once: true, passive: true });
  }
  menuButton.addEventListener('click', () => {
    loadDrawer()
      .then(({ openSiteDrawer }) => openSiteDrawer(menuButton, config))
      .catch((error: unknown) => {
        // The menu's code could not be fetched (offline): the page's own links still work.
        console.warn('The menu could not be opened', error);
      });
  });
}
