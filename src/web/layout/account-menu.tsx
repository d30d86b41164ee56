import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { getDisplayName, getHomePath } from '../../domain';
import { useCurrentUser, useSignOut } from '../api/auth';
import { staffNavItems } from './nav-items';

/** The visitor's way in, or the signed-in person's name with their home and Sign out. */
export function AccountMenu() {
  const { data: user, isPending } = useCurrentUser();
  const signOut = useSignOut();
  const navigate = useNavigate();
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
        sx={{ color: 'text.primary', minWidth: 0, gap: 1, px: 1, textTransform: 'none' }}
      >
        <Avatar
          src={user.picture ?? undefined}
          alt=""
          sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 15 }}
        >
          {name.charAt(0).toUpperCase()}
        </Avatar>
        <Box
          component="span"
          sx={{
            display: { xs: 'none', lg: 'inline' },
            maxWidth: 160,
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
        <MenuItem component={RouterLink} to={getHomePath(user.role)} onClick={close}>
          <ListItemText primary={user.role === 'staff' ? 'Staff console' : 'Dashboard'} />
        </MenuItem>
        {user.role === 'staff' &&
          staffNavItems().map((item) => (
            <MenuItem key={item.to} component={RouterLink} to={item.to} onClick={close}>
              <ListItemText primary={item.label} />
            </MenuItem>
          ))}
        <MenuItem
          disabled={signOut.isPending}
          onClick={() =>
            signOut.mutate(undefined, {
              onSettled: () => {
                close();
                navigate('/');
              },
            })
          }
        >
          <ListItemText primary={signOut.isPending ? 'Signing out...' : 'Sign out'} />
        </MenuItem>
      </Menu>
    </>
  );
}
