import { PageHeader } from '../../components/page-header';

/** Staff view of one submission (spec 001 §2, /details/:submissionId). */
export function SubmissionDetailsPage() {
  return (
    <PageHeader
      eyebrow="Staff"
      title="Submission review"
      intro="Staff review a submission here: the artist, the tracks and artwork, the release plan and its status."
    />
  );
}
