import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { type ContractVerifyResult, SIGNING_MESSAGES } from '../../../domain';
import { useContractVerifyInfo, verifyContractCopy } from '../../api/contracts';
import { useCurrentUser } from '../../api/session';
import { isSignedOutError } from '../../auth/sign-in-path';
import { descriptionGridSx } from '../../components/description-grid';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { usePageTitle } from '../../components/use-page-title';
import { visuallyHidden } from '../../components/visually-hidden';
import { formatDateTime } from '../sign/signing-summary';
import { DigitalSignature } from './digital-signature';
import { ScheduleFileCheck } from './schedule-file-check';

/** 'agreement', or 'schedule' for a release's schedule to it. */
type SealedNoun = 'agreement' | 'schedule';

function Hash({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2_000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
        <Box
          component="code"
          sx={{
            flexGrow: 1,
            minWidth: 0,
            display: 'block',
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '0.875rem',
            wordBreak: 'break-all',
          }}
        >
          {value}
        </Box>
        {typeof navigator !== 'undefined' && navigator.clipboard && (
          <Button
            size="small"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            aria-label={`Copy ${label}`}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </Stack>
      <Box role="status" sx={visuallyHidden}>
        {copied ? 'Copied to the clipboard.' : ''}
      </Box>
    </Box>
  );
}

function VerifyResult({ result, noun }: { result: ContractVerifyResult; noun: SealedNoun }) {
  return (
    <Alert
      severity={result.matches ? 'success' : 'error'}
      sx={{ mt: 3, '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}
    >
      <Typography sx={{ fontWeight: 700, mb: 1.5 }}>
        {result.matches
          ? `This copy matches the sealed ${noun}.`
          : `This copy does not match the sealed ${noun}.`}
      </Typography>
      <Stack spacing={1.5}>
        <Hash label="SHA-256 of your file" value={result.sha256} />
        <Hash label="SHA-256 of the sealed agreement" value={result.expectedSha256} />
      </Stack>
    </Alert>
  );
}

function CheckCopy({ requestId, noun }: { requestId: string; noun: SealedNoun }) {
  const [file, setFile] = useState<File | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const verify = useMutation({ mutationFn: (chosen: File) => verifyContractCopy(requestId, chosen) });
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
    verify.reset();
  };
  return (
    <Box component="section" aria-labelledby="check-copy-title">
      <Typography id="check-copy-title" component="h2" variant="h5" sx={{ mb: 1 }}>
        Check a copy
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Choose a PDF of this {noun} — the one you downloaded, or one someone sent you. Its fingerprint is
        compared with the sealed {noun}'s; a single changed byte makes them differ.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' } }}>
        <input
          ref={inputRef}
          type="file"
          accept="application/pdf,.pdf"
          hidden
          aria-label="PDF to check"
          onChange={choose}
        />
        <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => inputRef.current?.click()}>
          Choose PDF
        </Button>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{file ? file.name : 'No file chosen'}</Typography>
      </Stack>
      <Button
        variant="contained"
        sx={{ mt: 2 }}
        loading={verify.isPending}
        onClick={() => {
          if (file) verify.mutate(file);
        }}
        disabled={!file}
      >
        Check this copy
      </Button>
      {!file && (
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {SIGNING_MESSAGES.verifyNoFile}
        </Typography>
      )}
      <Box aria-live="polite">
        {verify.isError && (
          <Alert severity="error" sx={{ mt: 3 }}>
            {verify.error.message}
          </Alert>
        )}
        {verify.data && <VerifyResult result={verify.data} noun={noun} />}
      </Box>
    </Box>
  );
}

/** Back to where the reader came from: the release for a schedule, else the artist's page or dashboard. */
function backLinkOf(staff: boolean, artistId: string | undefined, scheduleSubmissionId: string | undefined) {
  if (scheduleSubmissionId)
    return staff
      ? { backTo: `/details/${scheduleSubmissionId}`, backLabel: 'Back to the submission' }
      : { backTo: `/submission/${scheduleSubmissionId}`, backLabel: 'Back to your release' };
  if (staff)
    return artistId
      ? { backTo: `/artist/${artistId}`, backLabel: "Back to the artist's page" }
      : { backTo: '/admin/board', backLabel: 'Back to the board' };
  return { backTo: '/dashboard?tab=1', backLabel: 'Back to your dashboard' };
}

/**
 * /contracts/:id/verify (a release schedule's too): what the label sealed, and a check of any copy against it.
 * The artist who signed and the label's staff can open it; the server refuses anyone else.
 */
export function VerifyContractPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  const info = useContractVerifyInfo(id);
  const schedule = info.data?.schedule;
  const pageTitle = schedule ? 'Check a release schedule' : 'Check a signed agreement';
  usePageTitle(pageTitle);
  const staff = user.data?.role === 'staff';
  const artistId = info.data?.artistId;
  const { backTo, backLabel } = backLinkOf(staff, artistId, schedule?.submissionId);

  let body: ReactNode;
  if (info.isPending) {
    body = (
      <Card role="status" aria-label="Loading the agreement">
        <CardContent>
          <Skeleton variant="text" width="40%" height={36} />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="70%" />
        </CardContent>
      </Card>
    );
  } else if (info.isError) {
    body = (
      <LoadFailedAlert
        signedOut={isSignedOutError(info.error)}
        returnTo={location.pathname}
        onRetry={() => void info.refetch()}
      >
        {info.error.message}
      </LoadFailedAlert>
    );
  } else {
    const data = info.data;
    body = (
      <Stack spacing={4}>
        <Card component="section" aria-labelledby="sealed-title">
          <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
            <Typography id="sealed-title" component="h2" variant="h5" sx={{ mb: 2 }}>
              {data.schedule
                ? `The release schedule (version ${data.schedule.version})`
                : 'The sealed agreement'}
            </Typography>
            {data.schedule?.superseded && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                This schedule was superseded: the release changed after approval, and a newer schedule lists
                the files approved since.
              </Alert>
            )}
            <Box component="dl" sx={descriptionGridSx}>
              <dt>Signed by</dt>
              <dd>{data.signerName}</dd>
              <dt>Signed on</dt>
              <dd>{data.signedAt ? formatDateTime(data.signedAt) : 'Not signed'}</dd>
              <dt>Sealed on</dt>
              <dd>{data.sealedAt ? formatDateTime(data.sealedAt) : 'Not sealed yet'}</dd>
              {data.schedule && (
                <>
                  <dt>Release</dt>
                  <dd>{data.schedule.content.releaseTitle}</dd>
                </>
              )}
              <dt>{data.schedule ? 'Agreement version' : 'Template version'}</dt>
              <dd>{data.templateVersion}</dd>
              <dt>Stored copy</dt>
              <dd>
                {data.storedCopyMatches === undefined ? (
                  'Not sealed yet'
                ) : data.storedCopyMatches ? (
                  <Chip
                    icon={<TaskAltIcon />}
                    color="success"
                    variant="outlined"
                    size="small"
                    label="Intact: the stored file still has its sealed fingerprint"
                    sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
                  />
                ) : (
                  <Chip
                    color="error"
                    size="small"
                    label="Changed: the stored file no longer matches its sealed fingerprint"
                    sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
                  />
                )}
              </dd>
            </Box>
            {data.sha256 ? (
              <>
                <Box sx={{ mt: 3 }}>
                  <Hash label="Sealed fingerprint (SHA-256)" value={data.sha256} />
                </Box>
                <Box sx={{ mt: 3 }}>
                  <DigitalSignature signature={data.signature} />
                </Box>
              </>
            ) : (
              <Alert severity="info" sx={{ mt: 3 }}>
                {SIGNING_MESSAGES.notSealedYet}
              </Alert>
            )}
          </CardContent>
        </Card>
        {data.schedule && (
          <Card>
            <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
              <ScheduleFileCheck content={data.schedule.content} />
            </CardContent>
          </Card>
        )}
        {data.sha256 && (
          <Card>
            <CardContent sx={{ p: { xs: 2.5, md: 4 } }}>
              <CheckCopy requestId={id} noun={data.schedule ? 'schedule' : 'agreement'} />
            </CardContent>
          </Card>
        )}
      </Stack>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.5rem' }, mb: 1 }}>
        {pageTitle}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        {schedule
          ? 'A release schedule records the SHA-256 fingerprint of each file the label approved; once signed, it is sealed as a PDF whose fingerprint the label keeps.'
          : 'Every signed agreement is sealed as a PDF, and its SHA-256 fingerprint is kept by the label.'}
      </Typography>
      {body}
      <Button component={RouterLink} to={backTo} sx={{ mt: 3 }}>
        {backLabel}
      </Button>
    </Container>
  );
}
