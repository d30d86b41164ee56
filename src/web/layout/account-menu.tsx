import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { getDisplayName, type SessionUser } from '../../domain';
import { useCurrentUser, useSignOut } from '../api/auth';
import { accountNavItems } from './nav-items';

export const LOGOUT_LABEL = 'Logout';
export const LOGGING_OUT_LABEL = 'Logging out...';

/**
 * Signs out on the server, then goes home (spec 000 §2). Home even when the request failed: the
 * person asked to leave, and a session that outlived the request expires on its own.
 */
export function useLogout() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return {
    isPending: signOut.isPending,
    logout(onDone?: () => void) {
      signOut.mutate(undefined, {
        onSettled: () => {
          onDone?.();
          navigate('/');
        },
      });
    },
  };
}

/** The signed-in person's picture, or the first letter of their name on the brand colour. */
export function UserAvatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  const name = getDisplayName(user);
  return (
    <Avatar
      src={user.picture ?? undefined}
      alt=""
      sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size * 0.47 }}
    >
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
}

/** The visitor's way in, or the signed-in person's avatar and name opening their menu. */
export function AccountMenu() {
  const { data: user, isPending } = useCurrentUser();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  if (isPending) return <Box sx={{ width: 40 }} />;
  if (!user) {
    return (
      <Button
        component={RouterLink}
        to="/login"
        sx={{ color: 'text.primary', display: { xs: 'none', md: 'inline-flex' } }}
      >
        Sign in
      </Button>
    );
  }
  const name = getDisplayName(user);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        aria-label={`Account: ${name}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.primary', minWidth: 0, gap: 1, px: 1, textTransform: 'none', flexShrink: 0 }}
      >
        <UserAvatar user={user} />
        <Box
          component="span"
          sx={{
            maxWidth: { xs: 96, sm: 140, lg: 200 },
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
        >
          {name}
        </Box>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {name}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {accountNavItems(user.role).map((item) => (
          <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={close}>
            <ListItemText primary={item.label} />
          </MenuItem>
        ))}
        <Divider />
        <MenuItem disabled={logout.isPending} onClick={() => logout.logout(close)}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={logout.isPending ? LOGGING_OUT_LABEL : LOGOUT_LABEL} />
        </MenuItem>
      </Menu>
    </>
  );
}
