import { PageHeader } from '../../components/page-header';

/** Release details for an in-progress submission (spec 000 §2). */
export function ReleaseDetailsPage() {
  return (
    <PageHeader
      eyebrow="Artists"
      title="Release details"
      intro="Complete the details of a release that is in progress, so that it is ready for delivery."
    />
  );
}
