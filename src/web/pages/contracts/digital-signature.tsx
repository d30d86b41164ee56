import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContractSignature } from '../../../domain';
import { formatDateTime } from '../sign/signing-summary';

/** "Imprint document seal", or "Jane Doe, Label Ltd" when the organisation is not in the name. */
export function signerLabel(signature: Pick<ContractSignature, 'subject' | 'organisation'>): string {
  const { subject, organisation } = signature;
  if (!subject) return organisation ?? 'an unreadable certificate';
  return organisation && !subject.includes(organisation) ? `${subject}, ${organisation}` : subject;
}

/** What the signature says of the file now: unchanged, changed, or added to after signing. */
function Verdict({ signature }: { signature: ContractSignature }) {
  if (!signature.subject)
    return (
      <Alert severity="warning">
        This PDF has a digital signature that could not be read, so it cannot show the file is unchanged.
      </Alert>
    );
  if (!signature.intact)
    return (
      <Alert severity="error">Changed since signing: the file no longer matches its digital signature.</Alert>
    );
  if (!signature.coversWholeFile)
    return (
      <Alert severity="warning">
        Added to since signing: the signature is intact, but the file has content it does not cover.
      </Alert>
    );
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', color: 'success.main' }}>
      <TaskAltIcon fontSize="small" aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>Unchanged since signing</Typography>
    </Stack>
  );
}

/**
 * When the signature was made, and who says so: the timestamp authority whose token verifies, else
 * the signing time the sealing server wrote by its own clock. A token that does not verify is
 * named, so a time nobody vouches for is never shown as trusted.
 */
function SigningTime({ signature }: { signature: ContractSignature }) {
  const { timestamp } = signature;
  if (signature.timeSource === 'timestamp-authority' && timestamp?.at)
    return (
      <Typography>
        Time: <time dateTime={timestamp.at}>{formatDateTime(timestamp.at)}</time> (trusted timestamp from{' '}
        {timestamp.authority ?? 'an unnamed authority'})
      </Typography>
    );
  return (
    <>
      {signature.signedAt && (
        <Typography>
          Time: <time dateTime={signature.signedAt}>{formatDateTime(signature.signedAt)}</time> (the server's
          clock)
        </Typography>
      )}
      {timestamp && !timestamp.verifies && (
        <Alert severity="warning">
          The signature's timestamp{timestamp.authority ? ` from ${timestamp.authority}` : ''} does not
          verify, so no authority vouches for its time.
        </Alert>
      )}
    </>
  );
}

/**
 * The sealed PDF's digital signature, as a PDF reader would check it: who signed it, when (by a
 * timestamp authority when the signature carries its token, else by the sealing server's clock),
 * and whether the file changed since.
 */
export function DigitalSignature({ signature }: { signature: ContractSignature | undefined }) {
  return (
    <Box component="section" aria-labelledby="digital-signature-title">
      <Typography
        id="digital-signature-title"
        component="h3"
        variant="subtitle1"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        Digital signature
      </Typography>
      {signature ? (
        <Stack spacing={1}>
          {signature.subject && (
            <>
              <Typography>Signed by {signerLabel(signature)}</Typography>
              <SigningTime signature={signature} />
            </>
          )}
          <Verdict signature={signature} />
        </Stack>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>
          This PDF carries no digital signature; its fingerprint above is the label's record of it.
        </Typography>
      )}
    </Box>
  );
}
