import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createPath, type Navigator, Router, type To } from 'react-router';
import type { PublicConfig } from '../../domain/public-config';
import { appTheme } from '../app-theme';
import { PublicConfigContext, readCspNonce } from '../config';
import { primaryNavItems, SITE_DRAWER_ID } from './nav-items';
import SiteDrawer from './site-drawer';

/**
 * Links followed as the browser follows any link: a page without the app (static-page.ts) loads
 * the next page from the server. The drawer's links are the app's own (react-router's), which
 * call this instead of following their href.
 */
const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));
const documentNavigator: Navigator = {
  createHref: hrefOf,
  push: (to) => window.location.assign(hrefOf(to)),
  replace: (to) => window.location.replace(hrefOf(to)),
  go: (delta) => window.history.go(delta),
};

let open: (() => void) | undefined;

function VisitorDrawer({ button, labelName }: { button: HTMLButtonElement; labelName: string }) {
  const [isOpen, setOpen] = useState(true);
  useEffect(() => {
    open = () => setOpen(true);
  }, []);
  // The button is the prerendered page's, outside this root.
  useEffect(() => button.setAttribute('aria-expanded', String(isOpen)), [button, isOpen]);
  return (
    <SiteDrawer
      id={SITE_DRAWER_ID}
      open={isOpen}
      user={null}
      items={primaryNavItems(labelName)}
      onClose={() => setOpen(false)}
    />
  );
}

let root: Root | undefined;

/**
 * Opens the phone menu of a page without the app (static-page.ts): the app's own drawer, for a
 * visitor, in a React root of its own, made on the first opening and kept for the next.
 */
export function openSiteDrawer(button: HTMLButtonElement, config: PublicConfig): void {
  if (root) {
    open?.();
    return;
  }
  const container = document.createElement('div');
  document.body.append(container);
  // As main.tsx: the prerender's styles are taken over, and the drawer's own carry the nonce.
  const nonce = readCspNonce();
  const emotionCache = createCache(nonce ? { key: 'css', nonce } : { key: 'css' });
  root = createRoot(container);
  root.render(
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={appTheme()}>
        <PublicConfigContext value={config}>
          <Router location={window.location.pathname} navigator={documentNavigator}>
            <VisitorDrawer button={button} labelName={config.labelName} />
          </Router>
        </PublicConfigContext>
      </ThemeProvider>
    </CacheProvider>,
  );
}
