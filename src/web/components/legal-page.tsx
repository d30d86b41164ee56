import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from './page-header';

/** When the legal texts were last changed (spec 001 §2: May 2025). */
export const legalLastUpdated = 'May 2025';

interface LegalPageProps {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

const otherPages = [
  { label: 'Terms of Service', to: '/terms-of-service' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Cookie Policy', to: '/cookie-policy' },
  { label: 'Data Protection', to: '/data-protection' },
];

/** The frame of the four static legal pages: title, last-updated line, readable column of text. */
export function LegalPage({ title, intro, children }: LegalPageProps) {
  return (
    <>
      <PageHeader eyebrow="Legal" title={title} intro={intro}>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 500 }}>
          Last updated: {legalLastUpdated}
        </Typography>
      </PageHeader>
      <Container sx={{ py: { xs: 5, md: 8 } }}>
        <Box
          component="article"
          sx={{
            maxWidth: 840,
            '& h2': { typography: 'h3', mt: 5, mb: 1.5 },
            '& h2:first-of-type': { mt: 0 },
            '& h3': { typography: 'h5', mt: 3, mb: 1 },
            '& p, & li': { typography: 'body1', color: 'text.primary' },
            '& p': { mb: 2 },
            '& ul': { pl: 3, mb: 2 },
            '& li': { mb: 0.75 },
          }}
        >
          {children}
        </Box>
        <Box
          component="nav"
          aria-label="Legal pages"
          sx={{ mt: 6, pt: 3, borderTop: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            See also:{' '}
            {otherPages
              .filter((page) => page.label !== title)
              .map((page, index, list) => (
                <span key={page.to}>
                  <Link component={RouterLink} to={page.to}>
                    {page.label}
                  </Link>
                  {index < list.length - 1 ? ' · ' : ''}
                </span>
              ))}
          </Typography>
        </Box>
      </Container>
    </>
  );
}

/** A mailto link for an address shown in full. */
export function MailLink({ address }: { address: string }) {
  return <Link href={`mailto:${address}`}>{address}</Link>;
}

/** Data retention periods, word for word from spec 001 §9; shown on the privacy and data protection pages. */
export const retentionPeriods = [
  { data: 'Account data', period: 'For the life of your account, plus 2 years' },
  { data: 'Submissions', period: '7 years' },
  { data: 'Music files', period: 'For the term of the distribution agreement, plus 3 years' },
  { data: 'Payment information', period: '7 years' },
  { data: 'Analytics data', period: '2 years' },
  { data: 'Support communications', period: '3 years' },
] as const;

export function RetentionTable() {
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 3 }}>
      <Table size="small" aria-label="Data retention periods">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col" sx={{ fontWeight: 700 }}>
              Data
            </TableCell>
            <TableCell component="th" scope="col" sx={{ fontWeight: 700 }}>
              How long we keep it
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {retentionPeriods.map((row) => (
            <TableRow key={row.data}>
              <TableCell component="th" scope="row">
                {row.data}
              </TableCell>
              <TableCell>{row.period}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
