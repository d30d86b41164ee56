import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import {
  CONSENT_LABEL,
  checkSignatureInput,
  getSigningDisclosures,
  SIGNING_MESSAGES,
  type SignatureMethod,
  type SigningDocument,
  TYPED_NAME_MAX,
} from '../../../domain';
import { ApiError } from '../../api/client';
import { consentToSign, declineAgreement, signAgreement, useSigningDocument } from '../../api/contracts';
import { isSignedOutError, signInPath } from '../../auth/sign-in-path';
import { TabList } from '../../components/tab-list';
import { useDocumentTitle } from '../../components/use-page-title';
import { DeclineDialog } from './decline-dialog';
import { DropboxSignSection } from './dropbox-sign-section';
import { ScheduleSealedCopy } from './sealed-copy';
import { SignaturePadField } from './signature-pad-field';
import { DASHBOARD_CONTRACT_TAB, Outcome, signingWordsOf } from './signing-outcome';
import { AgreementArticle, formatDateTime, SigningSummary } from './signing-summary';

/** A handwriting-like face for the typed signature's preview; system fonts only (the CSP allows no font host). */
/**
 * The typed signature as the sealed PDF prints it (DejaVu Sans Oblique): the preview promises the
 * signed copy's look, so it does not borrow a script font the PDF would not have.
 */
const SIGNATURE_FONT = '"DejaVu Sans", Roboto, "Helvetica Neue", Arial, sans-serif';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

function closedMessage(status: SigningDocument['status']): string {
  if (status === 'signed') return SIGNING_MESSAGES.alreadySigned;
  if (status === 'declined') return SIGNING_MESSAGES.declined;
  return SIGNING_MESSAGES.expired;
}

function Disclosures({
  document: doc,
  onConsented,
  token,
}: {
  document: SigningDocument;
  token: string;
  onConsented(): void;
}) {
  const [checked, setChecked] = useState(false);
  const consent = useMutation({ mutationFn: () => consentToSign(token), onSuccess: onConsented });
  const hintId = useId();
  return (
    <Box component="section" aria-labelledby="disclosures-title">
      <Typography id="disclosures-title" component="h2" variant="h5" sx={{ mb: 2 }}>
        Before you sign
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, '& dt': { fontWeight: 700 }, '& dd': { m: 0, mb: 1.5, color: 'text.secondary' } }}
      >
        {getSigningDisclosures(doc.contactEmail).map((item) => (
          <Box key={item.title} sx={{ display: 'contents' }}>
            <dt>{item.title}</dt>
            <dd>{item.text}</dd>
          </Box>
        ))}
      </Box>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', mt: 1, '& .MuiCheckbox-root': { mt: -0.75 } }}
        control={<Checkbox checked={checked} onChange={(event) => setChecked(event.target.checked)} />}
        label={CONSENT_LABEL}
      />
      {consent.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(consent.error)}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 2, alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={!checked}
          loading={consent.isPending}
          onClick={() => consent.mutate()}
          aria-describedby={checked ? undefined : hintId}
        >
          Agree and continue
        </Button>
        {!checked && (
          <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
            Tick the box above to continue.
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

function SignatureSection({
  document: doc,
  token,
  focusOnMount,
  onSigned,
  onDecline,
}: {
  document: SigningDocument;
  token: string;
  /** Right after consenting; not when the page opens already consented (the reader starts at the top). */
  focusOnMount: boolean;
  onSigned(): void;
  onDecline(): void;
}) {
  const [method, setMethod] = useState<SignatureMethod>('typed');
  const [typedName, setTypedName] = useState('');
  const [drawing, setDrawing] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const reasonId = useId();
  const words = signingWordsOf(doc);
  const sign = useMutation({
    mutationFn: () =>
      signAgreement(token, {
        method,
        ...(method === 'typed' ? { typedName: typedName.trim() } : { drawnSignature: drawing ?? '' }),
        documentSha256: doc.documentSha256,
      }),
    onSuccess: onSigned,
  });
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) heading.current?.focus();
  }, []);

  const refusal = checkSignatureInput(
    method === 'typed' ? { method, typedName } : { method, drawnSignature: drawing ?? undefined },
  );

  return (
    <Box component="section" aria-labelledby="signature-title">
      <Typography
        id="signature-title"
        ref={heading}
        tabIndex={-1}
        component="h2"
        variant="h5"
        sx={{ mb: 1, outline: 'none' }}
      >
        Your signature
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 2 }}>
        Sign as {doc.signerName}: type your full name, or draw your signature.
      </Typography>
      <TabList
        tabs={SIGNATURE_METHODS.map((value) => ({
          label: SIGNATURE_METHOD_LABELS[value],
          id: `signature-tab-${value}`,
          panelId: `signature-panel-${value}`,
        }))}
        selected={SIGNATURE_METHODS.indexOf(method)}
        onSelect={(index) => setMethod(SIGNATURE_METHODS[index] ?? 'typed')}
        label="How to sign"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      />
      <Box
        role="tabpanel"
        id={`signature-panel-${method}`}
        aria-labelledby={`signature-tab-${method}`}
        sx={{ minHeight: 200 }}
      >
        {method === 'typed' ? (
          <>
            <TextField
              label="Your full name"
              value={typedName}
              onChange={(event) => setTypedName(event.target.value)}
              fullWidth
              autoComplete="name"
              slotProps={{ htmlInput: { maxLength: TYPED_NAME_MAX + 20 } }}
              disabled={sign.isPending}
            />
            <Box
              aria-label={typedName.trim() ? `Signature preview: ${typedName.trim()}` : 'Signature preview'}
              role="img"
              sx={{
                mt: 2,
                px: 3,
                py: 2,
                minHeight: 96,
                display: 'flex',
                alignItems: 'flex-end',
                borderBottom: 2,
                borderColor: 'text.disabled',
                bgcolor: '#fff',
                borderRadius: '8px 8px 0 0',
              }}
            >
              <Typography
                aria-hidden="true"
                sx={{
                  fontFamily: SIGNATURE_FONT,
                  fontSize: { xs: '1.9rem', sm: '2.4rem' },
                  fontStyle: 'italic',
                  color: '#14213d',
                  lineHeight: 1.2,
                  overflowWrap: 'anywhere',
                }}
              >
                {typedName.trim() || '\u00a0'}
              </Typography>
            </Box>
          </>
        ) : (
          <SignaturePadField onChange={setDrawing} disabled={sign.isPending} />
        )}
      </Box>
      {sign.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorText(sign.error)}
        </Alert>
      )}
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        By pressing '{words.signButton}' you sign the {words.noun} above with the same effect as a handwritten
        signature.
      </Typography>
      <Stack direction="row" sx={{ mt: 2, gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          size="large"
          disabled={refusal !== null}
          loading={sign.isPending}
          onClick={() => sign.mutate()}
          aria-describedby={refusal ? reasonId : undefined}
        >
          {words.signButton}
        </Button>
        <Button color="error" onClick={onDecline} disabled={sign.isPending}>
          Decline to sign
        </Button>
      </Stack>
      {refusal && (
        <Typography id={reasonId} variant="body2" sx={{ mt: 1, color: 'text.secondary' }}>
          {refusal}
        </Typography>
      )}
    </Box>
  );
}

function SigningForm({ document: doc, token }: { document: SigningDocument; token: string }) {
  const [consented, setConsented] = useState(Boolean(doc.consentedAt));
  const [outcome, setOutcome] = useState<'signed' | 'declined' | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);
  const decline = useMutation({
    mutationFn: (reason: string) => declineAgreement(token, reason),
    onSuccess: () => {
      setDeclineOpen(false);
      setOutcome('declined');
    },
  });

  const words = signingWordsOf(doc);
  if (outcome === 'signed' && doc.scheduleSubmissionId) {
    return (
      <Outcome
        title={words.signedTitle}
        tone="success"
        back={words.back}
        details={<ScheduleSealedCopy requestId={doc.requestId} submissionId={doc.scheduleSubmissionId} />}
      >
        Thank you, {doc.signerName}. Your signature is recorded, and we are sealing your signed copy now.
      </Outcome>
    );
  }
  if (outcome === 'signed') {
    return (
      <Outcome title={words.signedTitle} tone="success" back={words.back}>
        Thank you, {doc.signerName}. Your signature is recorded. We are sealing your signed copy now: you can
        download it from {words.copyPlace}, and we will e-mail you when it is ready.
      </Outcome>
    );
  }
  if (outcome === 'declined') {
    return (
      <Outcome title={`You declined the ${words.noun}`} tone="info" back={words.back}>
        {doc.scheduleSubmissionId
          ? `We have told ${doc.labelName}. If you change your mind, you can sign it from the release's page.`
          : `We have told ${doc.labelName}. If you change your mind, you can start a new agreement from your dashboard.`}
      </Outcome>
    );
  }

  return (
    <Stack spacing={4}>
      <AgreementArticle document={doc} />
      <SigningSummary document={doc} />
      {consented ? (
        <>
          <Alert severity="success" variant="outlined" role="status">
            You agreed to sign electronically{doc.consentedAt ? ` on ${formatDateTime(doc.consentedAt)}` : ''}
            .
          </Alert>
          <SignatureSection
            document={doc}
            token={token}
            focusOnMount={!doc.consentedAt}
            onSigned={() => setOutcome('signed')}
            onDecline={() => setDeclineOpen(true)}
          />
        </>
      ) : (
        <>
          <Disclosures document={doc} token={token} onConsented={() => setConsented(true)} />
          <Box>
            <Button color="error" onClick={() => setDeclineOpen(true)}>
              Decline to sign
            </Button>
          </Box>
        </>
      )}
      <DeclineDialog
        open={declineOpen}
        pending={decline.isPending}
        error={decline.isError ? errorText(decline.error) : null}
        onConfirm={(reason) => decline.mutate(reason)}
        onCancel={() => {
          setDeclineOpen(false);
          decline.reset();
        }}
      />
    </Stack>
  );
}

/**
 * The signing page /sign/:token: opened by the Contract Signing tab in a
 * 1000x800 popup, so it carries no site header — a readable column with the whole agreement, the
 * consent to sign electronically, and the signature.
 */
const SIGNATURE_METHODS: readonly SignatureMethod[] = ['typed', 'drawn'];
const SIGNATURE_METHOD_LABELS: Record<SignatureMethod, string> = { typed: 'Type', drawn: 'Draw' };

export function SigningPage() {
  const { token = '' } = useParams();
  const location = useLocation();
  const documentQuery = useSigningDocument(token);
  const doc = documentQuery.data;
  useDocumentTitle(doc ? `Sign: ${doc.title}` : 'Sign your agreement');

  let content: ReactNode;
  if (documentQuery.isPending) {
    content = (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 8 }}>
        <CircularProgress size={24} aria-hidden="true" />
        <Typography sx={{ color: 'text.secondary' }}>Loading your agreement...</Typography>
      </Box>
    );
  } else if (documentQuery.isError) {
    const { error } = documentQuery;
    if (isSignedOutError(error))
      return <Navigate to={signInPath(`${location.pathname}${location.search}`)} replace />;
    const final = error instanceof ApiError && [403, 404, 409, 410].includes(error.status);
    content = (
      <Box sx={{ py: 6 }}>
        <Typography variant="h1" sx={{ fontSize: '2rem', mb: 2 }}>
          {final ? 'This agreement cannot be signed here' : 'Your agreement could not be loaded'}
        </Typography>
        <Alert
          severity="error"
          action={
            final ? undefined : (
              <Button color="inherit" size="small" onClick={() => void documentQuery.refetch()}>
                Retry
              </Button>
            )
          }
        >
          {error.message}
        </Alert>
        <Button component={RouterLink} to={DASHBOARD_CONTRACT_TAB} variant="outlined" sx={{ mt: 3 }}>
          Back to your dashboard
        </Button>
      </Box>
    );
  } else if (doc && doc.status !== 'awaiting_signature') {
    content = (
      <Outcome
        title={doc.status === 'signed' ? signingWordsOf(doc).signedTitle : doc.title}
        tone={doc.status === 'signed' ? 'success' : 'error'}
        back={signingWordsOf(doc).back}
        details={
          doc.status === 'signed' && doc.scheduleSubmissionId ? (
            <ScheduleSealedCopy requestId={doc.requestId} submissionId={doc.scheduleSubmissionId} />
          ) : undefined
        }
      >
        {closedMessage(doc.status)}
      </Outcome>
    );
  } else if (doc) {
    content = (
      <>
        <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
          {doc.labelName} · {signingWordsOf(doc).kind}
        </Typography>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1 }}>
          Review and sign your {signingWordsOf(doc).noun}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 4 }}>
          Prepared for {doc.signerName}. Please read the whole {signingWordsOf(doc).noun}, then sign at the
          end of the page.
        </Typography>
        {doc.provider === 'dropbox_sign' ? (
          <DropboxSignSection document={doc} token={token} />
        ) : (
          <SigningForm document={doc} token={token} />
        )}
      </>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 }, maxWidth: { md: 800 } }}>
      {content}
    </Container>
  );
}
