import CloseIcon from '@mui/icons-material/Close';
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
import ListItemText from '@mui/material/ListItemText';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { useState } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../api/auth';
import { Logo } from '../components/logo';
import { usePublicConfig } from '../config';
import { brand } from '../theme';
import { AccountMenu } from './account-menu';
import { primaryNavItems } from './nav-items';

const drawerId = 'site-navigation-drawer';

export function TopBar() {
  const { labelName } = usePublicConfig();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { data: user } = useCurrentUser();
  const items = primaryNavItems(labelName);

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
        <Toolbar disableGutters sx={{ gap: 2, minHeight: { xs: 64, md: 72 } }}>
          <Logo />
          <Box
            component="nav"
            aria-label="Main"
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 3, flexGrow: 1 }}
          >
            {items.map((item) => (
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
          <AccountMenu />
          <Button
            component={RouterLink}
            to="/submit"
            variant="contained"
            color="primary"
            sx={{ flexShrink: 0 }}
          >
            Submit
          </Button>
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
        slotProps={{ paper: { sx: { width: 280 }, 'aria-label': 'Site menu' } }}
      >
        {/* Any link followed inside the drawer (logo included) closes it. */}
        <Box
          sx={{ display: 'contents' }}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a')) setDrawerOpen(false);
          }}
        >
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}
          >
            <Logo />
            <IconButton aria-label="Close menu" onClick={() => setDrawerOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Box>
          <Divider />
          <Box component="nav" aria-label="Main">
            <List>
              {items.map((item) => (
                <ListItem key={item.to} disablePadding>
                  <ListItemButton
                    component={NavLink}
                    to={item.to}
                    end
                    sx={{ px: 3, '&.active': { color: 'primary.main', fontWeight: 600 } }}
                  >
                    <ListItemText
                      primary={item.label}
                      slotProps={{ primary: { sx: { fontWeight: 'inherit' } } }}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Box>
          <Box sx={{ px: 3, pt: 1, display: 'grid', gap: 1.5 }}>
            <Button component={RouterLink} to="/submit" variant="contained" fullWidth size="large">
              Submit your music
            </Button>
            {!user && (
              <Button component={RouterLink} to="/login" variant="outlined" fullWidth size="large">
                Sign in
              </Button>
            )}
          </Box>
        </Box>
      </Drawer>
    </AppBar>
  );
}
