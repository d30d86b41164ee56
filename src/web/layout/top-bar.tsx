import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { useCurrentUser } from '../api/session';
import { brand } from '../brand';
import { Logo } from '../components/logo';
import { usePublicConfig } from '../config';
import { AccountMenu } from './account-menu';
import { accountNavItems, headerNavItems, primaryNavItems, SITE_DRAWER_ID } from './nav-items';

const loadSiteDrawer = () => import('./site-drawer');
const SiteDrawer = lazy(loadSiteDrawer);
// Staff only: no visitor's or artist's page carries the switch.
const SubmissionModeControl = lazy(() =>
  import('./submission-mode-control').then((module) => ({ default: module.SubmissionModeControl })),
);

/**
 * The header bar of every page. Visitors get the public site's links and Submit; a signed-in
 * artist gets their menu (Dashboard, Profile, Submit Music, Logout) with their avatar and name,
 * and staff their console and the board. On small screens the links move into a drawer.
 */
export function TopBar() {
  const { labelName } = usePublicConfig();
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  // The drawer stays open only on the page it was opened on: back/forward or a redirect moves on
  // without a click inside it, and closes it all the same.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const drawerOpen = openedOn === pathname;
  // The drawer's code is fetched when the menu button is near (pointer, focus) and mounted from
  // the first opening on, so that it can animate closed.
  const [drawerWanted, setDrawerWanted] = useState(false);
  const setDrawerOpen = (open: boolean) => {
    if (open) setDrawerWanted(true);
    setOpenedOn(open ? pathname : null);
  };
  const prefetchDrawer = () => void loadSiteDrawer();
  const headerItems = headerNavItems(user?.role, labelName);
  const drawerItems = user ? accountNavItems(user.role) : primaryNavItems(labelName);

  return (
    <AppBar
      component="header"
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: alpha('#ffffff', 0.92),
        backdropFilter: 'saturate(180%) blur(12px)',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Container>
        <Toolbar disableGutters sx={{ gap: { xs: 1, sm: 2 }, minHeight: { xs: 64, md: 72 } }}>
          <Logo />
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3, flexGrow: 1 }}
          >
            {headerItems.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end
                sx={{
                  color: 'text.primary',
                  fontWeight: 500,
                  '&.active': { color: 'primary.main', bgcolor: alpha(brand.primary, 0.08) },
                }}
              >
                {item.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
          {user?.role === 'staff' && (
            <Box sx={{ display: { xs: 'none', sm: 'flex' } }}>
              <Suspense fallback={null}>
                <SubmissionModeControl />
              </Suspense>
            </Box>
          )}
          <AccountMenu />
          {!user && (
            <Button
              component={RouterLink}
              to="/submit"
              variant="contained"
              color="primary"
              sx={{ flexShrink: 0 }}
            >
              Submit
            </Button>
          )}
          <IconButton
            edge="end"
            aria-label="Open menu"
            aria-controls={SITE_DRAWER_ID}
            aria-expanded={drawerOpen}
            aria-haspopup="dialog"
            onPointerEnter={prefetchDrawer}
            onFocus={prefetchDrawer}
            onTouchStart={prefetchDrawer}
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' }, color: 'text.primary', flexShrink: 0 }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>

      {drawerWanted && (
        <Suspense fallback={null}>
          <SiteDrawer
            id={SITE_DRAWER_ID}
            open={drawerOpen}
            user={user ?? null}
            items={drawerItems}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
    </AppBar>
  );
}
