import Alert from '@mui/material/Alert';
import { PageHeader } from '../../../components/page-header';

/** A short form of the invitation's reference: enough to quote in an e-mail, never the token. */
export function shortReference(itemId: string): string {
  return itemId.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** The welcome banner of an invited artist (spec 001 §2). */
export function InvitationWelcome({ artistName, itemId }: { artistName: string; itemId: string }) {
  const title = artistName ? `Welcome, ${artistName}` : 'Welcome';
  return (
    <PageHeader
      eyebrow="Invitation"
      title={title}
      intro="You have been personally invited to send us your music. We have filled in the details we already have: check them, then add your release."
    >
      {itemId && (
        <Alert severity="success" variant="outlined" sx={{ maxWidth: 720, bgcolor: 'background.paper' }}>
          Invitation reference: <strong>{shortReference(itemId)}</strong>
        </Alert>
      )}
    </PageHeader>
  );
}
