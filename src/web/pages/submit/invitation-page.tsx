import { PageHeader } from '../../components/page-header';

/** An invited artist's personal link (spec 001 §2). */
export function InvitationPage() {
  return (
    <PageHeader
      eyebrow="Invitation"
      title="Your invitation"
      intro="This page checks your personal invitation link and opens the submission form with your details already filled in."
    />
  );
}
