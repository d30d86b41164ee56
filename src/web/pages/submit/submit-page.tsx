import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useSiteConfig } from '../../api/site-config';
import { PageHeader } from '../../components/page-header';
import { usePublicConfig } from '../../config';
import { BetaNoticeDialog } from './components/beta-notice-dialog';
import { SubmissionWizard } from './wizard/submission-wizard';

/** The four-step submission form (spec 001 §2). */
export function SubmitPage() {
  const { siteConfig } = useSiteConfig();
  const { devMode } = usePublicConfig();
  return (
    <>
      <BetaNoticeDialog />
      <PageHeader
        eyebrow="Submit"
        title="Submit your music"
        intro={
          siteConfig.submissionsEnabled
            ? 'Send us new music, a catalogue transfer, or both, in four steps: artist information, music upload, additional information, and review & submit.'
            : 'Full submissions are paused for now: leave your details and a link to your music here to join the waiting list.'
        }
      />
      {devMode && (
        <Container sx={{ pt: 3 }}>
          <Alert severity="info">
            Development mode: the steps can be opened in any order and form validation is skipped.
          </Alert>
        </Container>
      )}
      <SubmissionWizard />
    </>
  );
}
