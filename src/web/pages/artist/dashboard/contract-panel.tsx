import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { AGREEMENT_TERMS, CONTRACT_MESSAGES, SIGNATURE_POLL_MAX_ATTEMPTS } from '../../../../domain';
import type { ArtistProfileData } from '../../../api/artist';
import { contractVerifyPath } from '../../../api/contracts';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatSubmittedDate as formatDate } from '../common/format';
import { SignAgreementDialog } from '../contract/sign-agreement-dialog';
import {
  type ContractSigning,
  type ContractView,
  type SigningHost,
  useContractSigning,
} from '../contract/use-contract-signing';
import { ContractPanelSkeleton } from './contract-panel-skeleton';

type Tone = 'primary' | 'success' | 'warning' | 'error';

const ICONS: Record<Tone, ReactNode> = {
  primary: <DescriptionOutlinedIcon fontSize="large" />,
  success: <TaskAltIcon fontSize="large" />,
  warning: <HourglassEmptyIcon fontSize="large" />,
  error: <ErrorOutlineIcon fontSize="large" />,
};

const TERMS = [
  `A ${AGREEMENT_TERMS.termMonths}-month term.`,
  `Either of us can end it with ${AGREEMENT_TERMS.terminationNoticeDays} days' written notice.`,
  AGREEMENT_TERMS.exclusive
    ? 'Exclusive rights in the music you release with us.'
    : 'Non-exclusive rights: you stay free to release your music elsewhere too.',
  `Governed by the law of the ${AGREEMENT_TERMS.governingLaw}.`,
];

/** The agreement's key terms, in one short list (spec 000 §2). */
function AgreementTerms() {
  return (
    <Box component="section" aria-labelledby="agreement-terms-title" sx={{ mt: 2 }}>
      <Typography id="agreement-terms-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        The key terms
      </Typography>
      <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'text.secondary', '& li': { mb: 0.25 } }}>
        {TERMS.map((term) => (
          <li key={term}>{term}</li>
        ))}
      </Box>
    </Box>
  );
}

function Shell({
  tone,
  title,
  headingRef,
  status,
  children,
}: {
  tone: Tone;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** The state in one sentence, announced when it changes. */
  status: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby="artist-agreement-title">
      <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 3 }}
          sx={{ alignItems: 'flex-start' }}
        >
          <Box
            aria-hidden="true"
            sx={{
              display: 'inline-flex',
              p: 1.5,
              borderRadius: 3,
              bgcolor: (theme) => alpha(theme.palette[tone].main, 0.1),
              color: `${tone}.dark`,
            }}
          >
            {ICONS[tone]}
          </Box>
          <Box sx={{ maxWidth: 640, flexGrow: 1, minWidth: 0 }}>
            <Typography
              id="artist-agreement-title"
              ref={headingRef}
              tabIndex={-1}
              component="h2"
              variant="h4"
              sx={{ mb: 1, outline: 'none' }}
            >
              {title}
            </Typography>
            <Box role="status" aria-live="polite" sx={{ color: 'text.secondary' }}>
              {status}
            </Box>
            {children}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

const actionsSx = { mt: 3, flexWrap: 'wrap', gap: 1.5 } as const;

function IveSignedButton({ signing }: { signing: ContractSigning }) {
  return (
    <Button variant="outlined" onClick={signing.checkNow} loading={signing.checking}>
      I've Signed
    </Button>
  );
}

function title(view: ContractView): { tone: Tone; title: string } {
  switch (view.kind) {
    case 'signed':
      return { tone: 'success', title: CONTRACT_MESSAGES.signedLabel };
    case 'open':
    case 'waiting':
      return { tone: 'warning', title: 'Waiting for your signature' };
    case 'declined':
      return { tone: 'error', title: 'Agreement declined' };
    case 'expired':
      return { tone: 'error', title: 'Agreement expired' };
    case 'error':
      return { tone: 'error', title: 'Artist agreement' };
    default:
      return { tone: 'primary', title: 'Artist agreement' };
  }
}

function PanelBody({
  signing,
  headingRef,
}: {
  signing: ContractSigning;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { view } = signing;
  const { tone, title: heading } = title(view);
  const shell = (status: ReactNode, children?: ReactNode) => (
    <Shell tone={tone} title={heading} headingRef={headingRef} status={status}>
      {children}
    </Shell>
  );

  switch (view.kind) {
    case 'loading':
    case 'load-failed':
      return null;

    case 'none':
      return shell(
        <Typography>
          Before we release your music, we both sign an artist agreement. Read it, then sign it online in a
          few minutes: you will get a sealed PDF copy for your records.
        </Typography>,
        <>
          <AgreementTerms />
          <Stack direction="row" sx={actionsSx}>
            <Button variant="contained" size="large" onClick={signing.create} loading={signing.creating}>
              {signing.creating ? CONTRACT_MESSAGES.creatingLabel : CONTRACT_MESSAGES.reviewAndSignLabel}
            </Button>
          </Stack>
          {/* Button's loading hides its label from screen readers; this says it. */}
          {signing.creating && (
            <Typography role="status" sx={{ mt: 1, color: 'text.secondary' }}>
              {CONTRACT_MESSAGES.creatingLabel}
            </Typography>
          )}
        </>,
      );

    case 'open': {
      const { request } = view;
      return shell(
        <>
          <Typography>
            Your artist agreement is ready for your signature
            {request.expiresAt ? ` until ${formatDate(request.expiresAt)}` : ''}.
          </Typography>
          {signing.windowClosed && !signing.notSignedYet && (
            <Typography sx={{ mt: 1 }}>
              The signing window was closed before we received your signature.
            </Typography>
          )}
          {signing.pollingExhausted && (
            <Typography sx={{ mt: 1 }}>
              We stopped checking automatically. If you have signed, press "I've Signed".
            </Typography>
          )}
          {signing.notSignedYet && (
            <Typography sx={{ mt: 1 }}>
              We have not received your signature yet. Finish signing in the signing window, then press "I've
              Signed" again.
            </Typography>
          )}
        </>,
        <>
          <AgreementTerms />
          <Stack direction="row" sx={actionsSx}>
            <Button variant="contained" onClick={signing.continueSigning} loading={signing.continuing}>
              Continue signing
            </Button>
            <IveSignedButton signing={signing} />
          </Stack>
        </>,
      );
    }

    case 'waiting':
      return shell(
        signing.popupBlocked ? (
          <Typography>{CONTRACT_MESSAGES.popupBlocked}</Typography>
        ) : signing.notSignedYet ? (
          <Typography>
            We have not received your signature yet. Finish signing in the signing window; this page checks
            again on its own.
          </Typography>
        ) : (
          <Typography>
            Waiting for your signature… (check {signing.attempts} of {SIGNATURE_POLL_MAX_ATTEMPTS})
          </Typography>
        ),
        <>
          {signing.popupBlocked ? (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              action={
                <Button color="inherit" size="small" onClick={signing.openInThisTab}>
                  Open in this tab
                </Button>
              }
            >
              Your browser stopped the signing window. Allow popups for this site and press "Open Signing
              Window" again, or sign in this tab instead.
            </Alert>
          ) : (
            <>
              <LinearProgress
                variant="determinate"
                value={signing.progress}
                aria-label="Signature checks made"
                aria-valuetext={`${signing.attempts} of ${SIGNATURE_POLL_MAX_ATTEMPTS} checks`}
                sx={{ mt: 2, height: 8, borderRadius: 4 }}
              />
              <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
                Sign in the window that opened. This page checks every few seconds and updates by itself.
              </Typography>
            </>
          )}
          <Stack direction="row" sx={actionsSx}>
            {signing.popupBlocked && (
              <Button variant="contained" onClick={signing.openWindow}>
                Open Signing Window
              </Button>
            )}
            <IveSignedButton signing={signing} />
          </Stack>
        </>,
      );

    case 'signed': {
      const { request } = view;
      return shell(
        <Typography>
          You signed your artist agreement{request.signedAt ? ` on ${formatDate(request.signedAt)}` : ''}.
          Thank you — there is nothing more to do here.
        </Typography>,
        <>
          {!request.documentUrl && (
            <Stack direction="row" spacing={1.5} sx={{ mt: 2, alignItems: 'center' }}>
              {!signing.sealWaitOver && <CircularProgress size={18} aria-hidden="true" />}
              <Typography>
                {signing.sealWaitOver
                  ? 'Your signed copy is still being prepared. We will e-mail you when it is ready.'
                  : 'Preparing your signed copy…'}
              </Typography>
            </Stack>
          )}
          <Stack direction="row" sx={actionsSx}>
            {request.documentUrl && (
              <Button variant="contained" href={request.documentUrl} download startIcon={<DownloadIcon />}>
                Download signed PDF
              </Button>
            )}
            <Button variant="outlined" component={RouterLink} to={contractVerifyPath(request.id)}>
              Check a copy
            </Button>
          </Stack>
        </>,
      );
    }

    case 'declined':
    case 'expired':
      return shell(
        <Typography>
          {view.kind === 'declined' ? 'You declined the agreement.' : 'The signature request expired.'} Press
          Retry to start a new one.
        </Typography>,
        <Stack direction="row" sx={actionsSx}>
          <Button variant="contained" onClick={signing.create} loading={signing.creating}>
            Retry
          </Button>
        </Stack>,
      );

    case 'error':
      return shell(
        <Alert severity="error" sx={{ mt: 1 }}>
          {view.error.message}
        </Alert>,
        <Stack direction="row" sx={actionsSx}>
          <Button
            variant="contained"
            onClick={signing.retry}
            loading={signing.creating || signing.continuing}
          >
            Retry
          </Button>
          {view.request?.status === 'awaiting_signature' && <IveSignedButton signing={signing} />}
        </Stack>,
      );
  }
}

/**
 * The Contract Signing tab (spec 000 §2, §4): the artist's agreement from
 * creating the request to the sealed, downloadable copy.
 */
export function ContractPanel({
  profile,
  windowHost,
}: {
  profile: ArtistProfileData;
  /** The browser window the signing window opens from; tests pass their own. */
  windowHost?: SigningHost;
}) {
  const signing = useContractSigning(
    { email: profile.email, name: profile.name, artistName: profile.artistName },
    windowHost,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const previous = useRef({ kind: signing.view.kind, dialogOpen: signing.dialogOpen });

  // A new state, or the dialog closing, moves focus to the state's heading, so keyboard and
  // screen-reader users start from it — but not on first load, and not while the dialog holds focus.
  useEffect(() => {
    const before = previous.current;
    const { kind } = signing.view;
    previous.current = { kind, dialogOpen: signing.dialogOpen };
    if (signing.dialogOpen) return;
    const stateChanged = before.kind !== kind && before.kind !== 'loading';
    if (stateChanged || before.dialogOpen) heading.current?.focus();
  }, [signing.view, signing.dialogOpen]);

  if (signing.view.kind === 'loading') {
    return (
      <>
        <ContractPanelSkeleton />
        <Box role="status" sx={visuallyHidden}>
          Loading your agreement...
        </Box>
      </>
    );
  }
  if (signing.view.kind === 'load-failed') {
    return (
      <LoadFailedAlert
        signedOut={signing.view.signedOut}
        returnTo="/dashboard?tab=1"
        onRetry={signing.reload}
      >
        {CONTRACT_MESSAGES.initFailed}
      </LoadFailedAlert>
    );
  }
  return (
    <>
      <PanelBody signing={signing} headingRef={heading} />
      <SignAgreementDialog
        open={signing.dialogOpen}
        onOpenWindow={signing.openWindow}
        onCancel={signing.closeDialog}
      />
    </>
  );
}
