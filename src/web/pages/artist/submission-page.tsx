import { PageHeader } from '../../components/page-header';

/** One of the artist's submissions (spec 000 §2). */
export function SubmissionPage() {
  return (
    <PageHeader
      eyebrow="Artists"
      title="Submission details"
      documentTitle="Submission"
      intro="The status, important dates and media files of one of your submissions."
    />
  );
}
