import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import type { SessionUser } from '../../domain/auth/auth-schemas';
import { AccountIdentity } from './account-identity';
import { accountNavItems } from './nav-items';
import { LOGGING_OUT_LABEL, LOGOUT_LABEL, useLogout } from './use-logout';

interface AccountMenuListProps {
  id: string;
  user: SessionUser;
  anchor: HTMLElement | null;
  onClose(): void;
}

/**
 * The signed-in person's menu: who they are, their pages, Logout. Its own chunk, loaded when the
 * menu is first opened (account-menu.tsx): no page's first paint carries MUI's Menu.
 */
export default function AccountMenuList({ id, user, anchor, onClose }: AccountMenuListProps) {
  const logout = useLogout();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
        <AccountIdentity user={user} />
      </Box>
      <Divider />
      {accountNavItems(user.role).map((item) => (
        <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={onClose}>
          <ListItemText primary={item.label} />
        </MenuItem>
      ))}
      <Divider />
      <MenuItem disabled={logout.isPending} onClick={() => logout.logout(onClose)}>
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary={logout.isPending ? LOGGING_OUT_LABEL : LOGOUT_LABEL} />
      </MenuItem>
    </Menu>
  );
}
