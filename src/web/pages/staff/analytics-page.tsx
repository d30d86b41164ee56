import { PageHeader } from '../../components/page-header';

/** The analytics dashboard (spec 001 §2). */
export function AnalyticsPage() {
  return (
    <PageHeader
      eyebrow="Staff"
      title="Analytics"
      intro="The portal's health at a glance: uptime, performance, core web vitals and recent errors."
    />
  );
}
