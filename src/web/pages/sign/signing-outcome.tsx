import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';

export const DASHBOARD_CONTRACT_TAB = '/dashboard?tab=1';

/** Where a signing page leads back to, and in which words. */
export interface SigningWords {
  /** 'agreement', or 'release schedule'. */
  noun: string;
  /** The document's kind above its title. */
  kind: string;
  signButton: string;
  signedTitle: string;
  /** Where the sealed copy will be. */
  copyPlace: string;
  back: { to: string; label: string; fullLoad?: boolean };
}

/** The words of the signing page for the artist agreement or for a release's schedule to it. */
export function signingWordsOf(doc: { scheduleSubmissionId?: string | undefined }): SigningWords {
  if (doc.scheduleSubmissionId)
    return {
      noun: 'release schedule',
      kind: 'Schedule to the artist agreement',
      signButton: 'Sign Schedule',
      signedTitle: 'Release schedule signed',
      copyPlace: "the release's page and under Dashboard → Contract Signing",
      back: { to: `/submission/${doc.scheduleSubmissionId}`, label: 'Back to your release', fullLoad: true },
    };
  return {
    noun: 'agreement',
    kind: 'Artist agreement',
    signButton: 'Sign Agreement',
    signedTitle: 'Agreement signed',
    copyPlace: 'the Contract Signing tab of your dashboard',
    back: { to: DASHBOARD_CONTRACT_TAB, label: 'Back to your dashboard' },
  };
}

const AGREEMENT_BACK = signingWordsOf({}).back;

/** The page opened as the tab's popup can close itself; opened any other way, it links back. */
function LeaveActions({ back }: { back: SigningWords['back'] }) {
  const isPopup = typeof window !== 'undefined' && Boolean(window.opener);
  // A release's page is left by loading it afresh: the signing page is a document of its own,
  // without the app's layout, and a client-side move into the signed-in area right after signing
  // was seen to leave that area waiting on its session read (e2e, about 1 run in 3).
  const backButton = back.fullLoad ? (
    <Button variant="contained" component="a" href={back.to}>
      {back.label}
    </Button>
  ) : (
    <Button variant="contained" component={RouterLink} to={back.to}>
      {back.label}
    </Button>
  );
  return (
    <Stack direction="row" sx={{ mt: 3, gap: 1.5, flexWrap: 'wrap' }}>
      {isPopup ? (
        <Button variant="contained" onClick={() => window.close()}>
          Close window
        </Button>
      ) : (
        backButton
      )}
    </Stack>
  );
}

/** A final page: the heading takes focus so the outcome is read first. */
export function Outcome({
  title,
  tone,
  children,
  details,
  back = AGREEMENT_BACK,
}: {
  title: string;
  tone: 'success' | 'info' | 'error';
  children: ReactNode;
  /** Blocks after the message (the sealed copy of a signed schedule), before the way back. */
  details?: ReactNode;
  back?: SigningWords['back'];
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Box sx={{ py: { xs: 4, sm: 6 } }}>
      {tone === 'success' && <TaskAltIcon color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden="true" />}
      <Typography ref={heading} tabIndex={-1} variant="h1" sx={{ fontSize: '2rem', mb: 2, outline: 'none' }}>
        {title}
      </Typography>
      {tone === 'error' ? (
        <Alert severity="error">{children}</Alert>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
      )}
      {details}
      <LeaveActions back={back} />
    </Box>
  );
}
