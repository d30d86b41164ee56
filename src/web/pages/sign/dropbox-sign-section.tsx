import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type HelloSign from 'hellosign-embedded';
import { useEffect, useRef, useState } from 'react';
import { SIGNING_MESSAGES, type SigningDocument } from '../../../domain';
import { fetchSigningDocument } from '../../api/contracts';
import { queryKeys } from '../../api/query-keys';
import { Outcome } from './signing-outcome';
import { AgreementArticle, SigningSummary } from './signing-summary';

export const DROPBOX_SIGN_CLOSED_MESSAGE = 'You closed Dropbox Sign without signing. You can open it again.';
export const DROPBOX_SIGN_LOAD_FAILED =
  'Dropbox Sign could not be loaded. Check your connection and try again.';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

function embeddedErrorText(code: string | number | undefined, contactEmail: string): string {
  const detail = code === undefined || code === '' ? '' : ` (code ${code})`;
  return `Dropbox Sign reported an error${detail}. Open it again, or write to ${contactEmail} if it keeps happening.`;
}

type Phase = 'ready' | 'opening' | 'open' | 'closed';

/**
 * A Dropbox Sign request: the artist reads the agreement here and signs in Dropbox
 * Sign's embedded client, which opens over the page. The client is loaded on demand so the
 * signing page's bundle does not carry it. The request's status itself arrives by Dropbox Sign's
 * callback; the dashboard tab polls it.
 */
export function DropboxSignSection({ document: doc, token }: { document: SigningDocument; token: string }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>('ready');
  const [signed, setSigned] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useRef<HelloSign | null>(null);
  const signedRef = useRef(false);
  const failedRef = useRef(false);
  // Their sign URLs are single use: one opened once is never opened again.
  const usedUrls = useRef(new Set<string>());

  useEffect(
    () => () => {
      const open = client.current;
      client.current = null;
      if (!open) return;
      for (const name of ['sign', 'cancel', 'close', 'finish', 'error'] as const) open.off(name);
      open.close();
    },
    [],
  );

  function createClient(HelloSignClient: typeof HelloSign, clientId: string): HelloSign {
    const created = new HelloSignClient({ clientId });
    created.on('sign', () => {
      signedRef.current = true;
      setError(null);
      setSigned(true);
    });
    const closedWithoutSigning = () => {
      if (signedRef.current) return;
      setPhase(failedRef.current ? 'ready' : 'closed');
    };
    created.on('cancel', closedWithoutSigning);
    created.on('close', closedWithoutSigning);
    created.on('error', (event) => {
      if (signedRef.current) return;
      failedRef.current = true;
      setError(embeddedErrorText(event?.code, doc.contactEmail));
      created.close();
    });
    return created;
  }

  async function openDropboxSign(clientId: string) {
    setError(null);
    failedRef.current = false;
    setPhase('opening');
    let url = doc.providerSignUrl;
    try {
      if (!url || usedUrls.current.has(url)) {
        const fresh = await fetchSigningDocument(token);
        // The parent page follows the fresh document: a request closed meanwhile shows as closed.
        queryClient.setQueryData(queryKeys.signingDocument(token), fresh);
        if (fresh.status !== 'awaiting_signature') {
          setPhase('ready');
          return;
        }
        url = fresh.providerSignUrl;
      }
      if (!url) throw new Error(SIGNING_MESSAGES.providerUnavailable);
    } catch (failure) {
      setError(errorText(failure));
      setPhase('ready');
      return;
    }
    let HelloSignClient: typeof HelloSign;
    try {
      HelloSignClient = (await import('hellosign-embedded')).default;
    } catch {
      setError(DROPBOX_SIGN_LOAD_FAILED);
      setPhase('ready');
      return;
    }
    client.current ??= createClient(HelloSignClient, clientId);
    usedUrls.current.add(url);
    const testMode = doc.providerTestMode ?? false;
    setPhase('open');
    client.current.open(url, { testMode, skipDomainVerification: testMode });
  }

  if (signed) {
    return (
      <Outcome title="Agreement signed" tone="success">
        Thank you, {doc.signerName}. Dropbox Sign has your signature. Your dashboard shows the agreement as
        signed as soon as Dropbox Sign confirms it, and we will e-mail you when your signed copy is ready.
      </Outcome>
    );
  }

  const clientId = doc.providerClientId;
  return (
    <Stack spacing={4}>
      <AgreementArticle document={doc} />
      <SigningSummary document={doc} />
      <Box component="section" aria-labelledby="dropbox-sign-title">
        <Typography id="dropbox-sign-title" component="h2" variant="h5" sx={{ mb: 1 }}>
          Your signature
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 2 }}>
          This agreement is signed with Dropbox Sign, {doc.labelName}'s e-signature service. It opens over
          this page; follow its steps to sign as {doc.signerName}.
        </Typography>
        {phase === 'closed' && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {DROPBOX_SIGN_CLOSED_MESSAGE}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {clientId ? (
          <Button
            variant="contained"
            size="large"
            loading={phase === 'opening'}
            disabled={phase === 'open'}
            onClick={() => void openDropboxSign(clientId)}
          >
            Sign with Dropbox Sign
          </Button>
        ) : (
          <Alert severity="error">{SIGNING_MESSAGES.providerUnavailable}</Alert>
        )}
      </Box>
    </Stack>
  );
}
