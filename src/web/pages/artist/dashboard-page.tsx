import { PageHeader } from '../../components/page-header';

/** The signed-in artist's dashboard (spec 000 §2). */
export function DashboardPage() {
  return (
    <PageHeader
      eyebrow="Artists"
      title="Dashboard"
      intro="Your profile, your submissions with their review status, and your artist agreement, in one place."
    />
  );
}
