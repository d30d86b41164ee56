import Typography from '@mui/material/Typography';
import type { SessionUser } from '../../domain/auth/auth-schemas';
import { getDisplayName } from '../../domain/profile/profile-completion';

/** Who is signed in, as the account menu and the drawer head it: the name, then the address. */
export function AccountIdentity({ user }: { user: SessionUser }) {
  return (
    <>
      <Typography sx={{ fontWeight: 600 }} noWrap>
        {getDisplayName(user)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
        {user.email}
      </Typography>
    </>
  );
}
