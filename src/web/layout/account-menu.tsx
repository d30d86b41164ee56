import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { SessionUser } from '../../domain/auth/auth-schemas';
import { getDisplayName } from '../../domain/profile/profile-completion';
import { useCurrentUser } from '../api/session';
import { PictureAvatar } from '../components/picture-avatar';

const loadMenuList = () => import('./account-menu-list');
const AccountMenuList = lazy(loadMenuList);

/** The signed-in person's picture, or the first letter of their name on the brand colour. */
export function UserAvatar({ user, size = 32 }: { user: SessionUser; size?: number }) {
  return (
    <PictureAvatar
      src={user.picture}
      alt=""
      name={getDisplayName(user)}
      size={size}
      sx={{ fontSize: size * 0.47 }}
    />
  );
}

/**
 * The visitor's way in, or the signed-in person's avatar and name opening their menu. The menu
 * itself is fetched when the pointer or focus reaches the button (account-menu-list.tsx), so it
 * is there by the click; a click before it arrives opens it as soon as it has.
 */
export function AccountMenu() {
  const { data: user, isPending } = useCurrentUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuWanted, setMenuWanted] = useState(false);
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
  const prefetch = () => void loadMenuList();
  return (
    <>
      <Button
        aria-label={`Account: ${name}`}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          setMenuWanted(true);
          setAnchor(event.currentTarget);
        }}
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
      {menuWanted && (
        <Suspense fallback={null}>
          <AccountMenuList id={menuId} user={user} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
