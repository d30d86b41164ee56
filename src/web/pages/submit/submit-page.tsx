import { useSiteConfig } from '../../api/site-config';
import { PageHeader } from '../../components/page-header';

/** The four-step submission form (spec 001 §2). */
export function SubmitPage() {
  const { siteConfig } = useSiteConfig();
  return (
    <PageHeader
      eyebrow="Submit"
      title="Submit your music"
      intro={
        siteConfig.submissionsEnabled
          ? 'Send us new music, a catalogue transfer, or both, in four steps: artist information, music upload, additional information, and review & submit.'
          : 'Full submissions are paused for now: leave your details and a link to your music here to join the waiting list.'
      }
    />
  );
}
