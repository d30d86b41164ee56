import DownloadIcon from '@mui/icons-material/Download';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { contractVerifyPath, fetchContractStatus } from '../../api/contracts';
import { queryKeys } from '../../api/query-keys';
import { useSealWait } from '../artist/contract/use-seal-wait';
import { DASHBOARD_CONTRACT_TAB } from './signing-outcome';

/**
 * Where a signed release schedule's sealed PDF is, shown on the signing page once it is signed:
 * the PDF and the verify page as soon as the sealing job has made the copy (the request is read
 * again every 2 s, 15 times at most), and the two places that keep it, the release's page and the
 * Contract Signing tab. Every link is a full page load: the signing page is a document of its own,
 * outside the signed-in area's layout (see LeaveActions).
 */
export function ScheduleSealedCopy({ requestId, submissionId }: { requestId: string; submissionId: string }) {
  const headingId = useId();
  const status = useQuery({
    queryKey: queryKeys.contractStatus(requestId),
    queryFn: ({ signal }) => fetchContractStatus(requestId, signal),
    retry: false,
  });
  const documentUrl = status.data?.documentUrl;
  const waitOver = useSealWait(!documentUrl, status.refetch);

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        Your signed copy
      </Typography>
      <Box role="status" aria-live="polite">
        {documentUrl ? (
          <Typography>Your signed release schedule is sealed and ready to download.</Typography>
        ) : !waitOver ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <CircularProgress size={18} aria-hidden="true" />
            <Typography>Sealing your signed copy…</Typography>
          </Stack>
        ) : (
          <Typography>
            Your signed copy is still being sealed. We will e-mail you when it is ready.
          </Typography>
        )}
      </Box>
      {documentUrl && (
        <Stack direction="row" sx={{ mt: 2, gap: 1.5, flexWrap: 'wrap' }}>
          <Button component="a" href={documentUrl} download variant="outlined" startIcon={<DownloadIcon />}>
            Download signed PDF
          </Button>
          <Button component="a" href={contractVerifyPath(requestId)} startIcon={<FactCheckOutlinedIcon />}>
            Verify
          </Button>
        </Stack>
      )}
      <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
        It is also kept on{' '}
        <Link href={`/submission/${encodeURIComponent(submissionId)}`}>the release's page</Link> and under{' '}
        <Link href={DASHBOARD_CONTRACT_TAB}>Dashboard → Contract Signing</Link>, beside your artist agreement.
      </Typography>
    </Box>
  );
}
