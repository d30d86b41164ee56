import Box from '@mui/material/Box';
import { Suspense, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { UpdatePrompt } from '../components/update-prompt';
import { DevToolsPanel } from './dev-tools-panel';
import { AfterPage, PageTakenOver } from './page-first';
import { SiteFooter } from './site-footer';
import { SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { useScrollToTopOnNavigate } from './use-scroll-to-top';

export const mainContentId = 'main-content';

/** The shared layout of every page (spec 001 §2): top bar, the page, footer. */
export function PublicLayout() {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useScrollToTopOnNavigate(main);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink href={`#${mainContentId}`}>Skip to content</SkipLink>
      <AfterPage>
        <TopBar />
      </AfterPage>
      <Box
        component="main"
        id={mainContentId}
        ref={main}
        tabIndex={-1}
        // At least a screen high, so the footer starts below the fold whatever the page: while a
        // page's code or data loads its content is short, and a footer in view would jump down
        // as the page fills in (CLS 0.42 on the home page).
        sx={{ flexGrow: 1, minHeight: '100vh', outline: 'none', scrollMarginTop: 80 }}
      >
        {/* Keyed by path: each page gets a fresh boundary, so "Loading..." shows while its code loads
            even though the router renders navigations inside a transition. */}
        <Suspense key={pathname} fallback={<PageLoading />}>
          <Outlet />
          <PageTakenOver />
        </Suspense>
      </Box>
      <AfterPage>
        <SiteFooter />
      </AfterPage>
      <DevToolsPanel />
      <UpdatePrompt />
    </Box>
  );
}
