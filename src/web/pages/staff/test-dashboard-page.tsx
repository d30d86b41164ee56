import { PageHeader } from '../../components/page-header';

/** Internal integration test dashboard (spec 000 §2, spec 001 §2). */
export function TestDashboardPage() {
  return (
    <PageHeader
      eyebrow="Staff"
      title="Integration test dashboard"
      intro="Staff check each connected service (board, storage, e-mail, streaming catalogue) from here."
    />
  );
}
