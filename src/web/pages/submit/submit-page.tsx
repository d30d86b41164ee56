import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useDeferredValue } from 'react';
import { formatReopenSentence, formatResponsePromise } from '../../../domain';
import { useSiteConfig } from '../../api/site-config';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { usePublicConfig } from '../../config';
import { BetaNoticeDialog } from './components/beta-notice-dialog';
import { WaitingListForm } from './waiting-list/waiting-list-form';
import { SubmissionWizard } from './wizard/submission-wizard';

/**
 * The four-step submission form (spec 001 §2), or in waiting-list mode the waiting-list form. The
 * mode is read first, so an artist is never shown the one form and then switched to the other;
 * when it cannot be read the full form is assumed (spec 001 §8).
 */
export function SubmitPage() {
  const { siteConfig, isPending: modePending } = useSiteConfig();
  // The form is a large tree: rendered when the mode arrives as a deferred update, React builds it
  // in slices and the page stays responsive (total blocking time), where the query's
  // answer alone would render it in one long task. A mode known from the start (the prerendered
  // page embeds it, a visit to another page fetched it) renders the form at once, as the server did.
  const isPending = useDeferredValue(modePending, modePending);
  const { devMode } = usePublicConfig();
  const waitingList = !siteConfig.submissionsEnabled;
  return (
    <>
      <BetaNoticeDialog />
      <PageHeader
        eyebrow="Submit"
        title="Submit your music"
        intro={
          siteConfig.submissionsEnabled ? (
            <>
              Send us new music, a catalogue transfer, or both, in four steps: artist information, music
              upload, additional information, and review & submit.
              {siteConfig.responsePromise && (
                <Box component="span" sx={{ display: 'block', mt: 1.5 }}>
                  {formatResponsePromise(siteConfig.responsePromise)}
                </Box>
              )}
            </>
          ) : (
            <>
              Full submissions are paused for now: leave your details and a link to your music here to join
              the waiting list.
              {siteConfig.reopensOn && (
                <Box component="span" sx={{ display: 'block', mt: 1.5 }}>
                  {formatReopenSentence(siteConfig.reopensOn)}
                </Box>
              )}
            </>
          )
        }
      />
      {devMode && !waitingList && !isPending && (
        <Container sx={{ pt: 3 }}>
          <Alert severity="info">
            Development mode: the steps can be opened in any order and form validation is skipped.
          </Alert>
        </Container>
      )}
      {isPending ? (
        <PageLoading />
      ) : waitingList ? (
        <Container sx={{ py: { xs: 3, md: 5 } }}>
          <WaitingListForm />
        </Container>
      ) : (
        <SubmissionWizard />
      )}
    </>
  );
}
