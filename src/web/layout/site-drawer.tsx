import CloseIcon from '@mui/icons-material/Close';
import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { NavLink, Link as RouterLink } from 'react-router';
import type { SessionUser } from '../../domain/auth/auth-schemas';
import { Logo } from '../components/logo';
import { AccountIdentity } from './account-identity';
import { UserAvatar } from './account-menu';
import type { NavItem } from './nav-items';
import { LOGGING_OUT_LABEL, LOGOUT_LABEL, useLogout } from './use-logout';

/** Spec 000 §2, §9: the signed-in menu opens as a 240 px drawer on small screens. */
export const SIGNED_IN_DRAWER_WIDTH = 240;
/** The public site's drawer, unchanged for visitors. */
const VISITOR_DRAWER_WIDTH = 280;

interface SiteDrawerProps {
  id: string;
  open: boolean;
  user: SessionUser | null;
  items: NavItem[];
  onClose(): void;
}

/**
 * The top bar's menu on small screens: the site's links for visitors, the account's pages and
 * Logout for signed-in people. Its own chunk, fetched when the menu button is near (top-bar.tsx).
 */
export default function SiteDrawer({ id, open, user, items, onClose }: SiteDrawerProps) {
  return (
    <Drawer
      id={id}
      anchor="right"
      open={open}
      onClose={onClose}
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
          if (event.target instanceof Element && event.target.closest('a')) onClose();
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
          <IconButton aria-label="Close menu" onClick={onClose} sx={{ flexShrink: 0 }}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        {user && <DrawerIdentity user={user} />}
        <Box component="nav" aria-label="Main">
          <DrawerLinks items={items} />
        </Box>
        {user ? (
          <DrawerLogout onDone={onClose} />
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
  );
}

function DrawerIdentity({ user }: { user: SessionUser }) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', px: 2, py: 2, minWidth: 0 }}>
      <UserAvatar user={user} size={40} />
      <Box sx={{ minWidth: 0 }}>
        <AccountIdentity user={user} />
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
