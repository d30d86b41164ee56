import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { getDisplayName, type SessionUser } from '../../domain';
import { useCurrentUser } from '../api/auth';
import { Logo } from '../components/logo';
import { usePublicConfig } from '../config';
import { brand } from '../theme';
import { AccountMenu, LOGGING_OUT_LABEL, LOGOUT_LABEL, UserAvatar, useLogout } from './account-menu';
import { accountNavItems, headerNavItems, type NavItem, primaryNavItems } from './nav-items';
import { SubmissionModeControl } from './submission-mode-control';

const drawerId = 'site-navigation-drawer';

/** Spec 000 §2, §9: the signed-in menu opens as a 240 px drawer on small screens. */
export const SIGNED_IN_DRAWER_WIDTH = 240;
/** The public site's drawer, unchanged for visitors. */
const VISITOR_DRAWER_WIDTH = 280;

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
  const setDrawerOpen = (open: boolean) => setOpenedOn(open ? pathname : null);
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
              <SubmissionModeControl />
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
            aria-controls={drawerId}
            aria-expanded={drawerOpen}
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
            sx={{ display: { md: 'none' }, color: 'text.primary', flexShrink: 0 }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>

      <Drawer
        id={drawerId}
        anchor="right"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        slotProps={{
          paper: {
            sx: { width: user ? SIGNED_IN_DRAWER_WIDTH : VISITOR_DRAWER_WIDTH, maxWidth: '100%' },
            'aria-label': 'Site menu',
          },
        }}
      >
        {/* Any link followed inside the drawer (logo included) closes it. */}
        <Box
          sx={{ display: 'contents' }}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) setDrawerOpen(false);
          }}
        >
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
              px: 2,
              py: 1.5,
            }}
          >
            <Logo />
            <IconButton aria-label="Close menu" onClick={() => setDrawerOpen(false)} sx={{ flexShrink: 0 }}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Divider />
          {user && <DrawerIdentity user={user} />}
          <Box component="nav" aria-label="Main">
            <DrawerLinks items={drawerItems} />
          </Box>
          {user ? (
            <DrawerLogout onDone={() => setDrawerOpen(false)} />
          ) : (
            <Box sx={{ px: 3, pt: 1, display: 'grid', gap: 1.5 }}>
              <Button component={RouterLink} to="/submit" variant="contained" fullWidth size="large">
                Submit your music
              </Button>
              <Button component={RouterLink} to="/login" variant="outlined" fullWidth size="large">
                Sign in
              </Button>
            </Box>
          )}
        </Box>
      </Drawer>
    </AppBar>
  );
}

function DrawerIdentity({ user }: { user: SessionUser }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 2, minWidth: 0 }}>
      <UserAvatar user={user} size={40} />
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }} noWrap>
          {getDisplayName(user)}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
          {user.email}
        </Typography>
      </Box>
    </Stack>
  );
}

function DrawerLinks({ items }: { items: NavItem[] }) {
  return (
    <List>
      {items.map((item) => (
        <ListItem key={item.to} disablePadding>
          <ListItemButton
            component={NavLink}
            to={item.to}
            end
            sx={{ px: 3, '&.active': { color: 'primary.main', fontWeight: 600 } }}
          >
            <ListItemText primary={item.label} slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

function DrawerLogout({ onDone }: { onDone(): void }) {
  const logout = useLogout();
  return (
    <>
      <Divider />
      <List>
        <ListItem disablePadding>
          <ListItemButton disabled={logout.isPending} onClick={() => logout.logout(onDone)} sx={{ px: 3 }}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={logout.isPending ? LOGGING_OUT_LABEL : LOGOUT_LABEL} />
          </ListItemButton>
        </ListItem>
      </List>
    </>
  );
}
