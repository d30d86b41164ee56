import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SigningDocument } from '../../../domain';
import { AgreementText } from '../../components/agreement-text';
import { descriptionGridSx } from '../../components/description-grid';

const LONG_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

export function formatDateTime(value: string | undefined): string {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(ms) ? 'TBD' : LONG_DATE_TIME.format(ms);
}

/** Who the agreement is for and which text it is: what the signer can check before signing. */
export function SigningSummary({ document: doc }: { document: SigningDocument }) {
  const rows: [string, string][] = [
    ['Prepared for', doc.signerName],
    ['E-mail', doc.signerEmail],
    ['Label', doc.labelName],
    // A release schedule belongs to the agreement of this version.
    [
      'Version',
      doc.scheduleSubmissionId
        ? `Schedule to agreement version ${doc.templateVersion}`
        : `Template version ${doc.templateVersion}`,
    ],
    ['Sign by', formatDateTime(doc.expiresAt)],
  ];
  return (
    <Box
      component="section"
      aria-labelledby="signing-summary-title"
      sx={{
        p: { xs: 2, sm: 3 },
        borderRadius: 2,
        bgcolor: 'action.hover',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography id="signing-summary-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Summary
      </Typography>
      <Box component="dl" sx={descriptionGridSx}>
        {rows.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
        <dt>Document fingerprint (SHA-256)</dt>
        <Box component="dd" sx={{ fontFamily: 'monospace', fontSize: '0.85rem', wordBreak: 'break-all' }}>
          {doc.documentSha256}
        </Box>
      </Box>
      <Typography variant="body2" sx={{ mt: 1.5, color: 'text.secondary' }}>
        The fingerprint identifies this exact text. It is printed on your signed copy, so anyone can check
        that the agreement was not changed after you signed it.
      </Typography>
    </Box>
  );
}

/** The whole agreement, framed as a document, above the summary on the signing page. */
export function AgreementArticle({ document: doc }: { document: SigningDocument }) {
  return (
    <Box
      component="article"
      aria-label={doc.title}
      sx={{
        p: { xs: 2, sm: 4 },
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: 'background.paper',
      }}
    >
      <AgreementText text={doc.text} />
    </Box>
  );
}
