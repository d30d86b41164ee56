import { PageHeader } from '../../components/page-header';

/** Creating an artist invitation (spec 001 §2). */
export function AdminInvitePage() {
  return (
    <PageHeader
      eyebrow="Staff"
      title="Invite an artist"
      intro="Staff create a personal invitation link here, so that an artist can submit with their details already filled in."
    />
  );
}
