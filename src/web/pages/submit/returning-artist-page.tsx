import { PageHeader } from '../../components/page-header';

/** A returning artist's personal link (spec 001 §2). */
export function ReturningArtistPage() {
  return (
    <PageHeader
      eyebrow="Returning artist"
      title="Welcome back"
      intro="This page checks your returning-artist link, valid for 365 days, and opens the submission form pre-filled for your next release."
    />
  );
}
