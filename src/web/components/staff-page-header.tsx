import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

/**
 * A staff page's frame: the screen is a workspace, so the page starts right under the top bar with
 * little padding (the marketing pages' hero took the top 390 px of every staff screen).
 */
export function StaffPage({ children }: { children: ReactNode }) {
  return <Container sx={{ pt: { xs: 1.5, md: 2 }, pb: { xs: 4, md: 6 } }}>{children}</Container>;
}

interface StaffPageHeaderProps {
  /** The page's one h1. */
  title: string;
  /** `document.title` when it should differ from `title`; `false` when the page sets it itself. */
  documentTitle?: string | false;
  /** Beside the title, in small grey text: a count, a state ("1,204 submissions"). */
  subtitle?: ReactNode;
  /** On the title's line, at its end: on a phone they wrap under it. */
  actions?: ReactNode;
  /** A line under the title: what the page is for, or what the record is (status, dates). */
  children?: ReactNode;
}

/**
 * The compact header of every staff page: the title and the page's actions on one line, an optional
 * line under it. A `<header>`, so the record a page shows (a submission's status beside its name)
 * is found with its title.
 */
export function StaffPageHeader({ title, documentTitle, subtitle, actions, children }: StaffPageHeaderProps) {
  return (
    <Box component="header" sx={{ mb: { xs: 1.5, md: 2 } }}>
      {documentTitle !== false && <PageTitle title={documentTitle ?? title} />}
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 1, minHeight: 40 }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            flexWrap: 'wrap',
            columnGap: 1.5,
            flex: '1 1 auto',
            minWidth: 0,
          }}
        >
          <Typography
            variant="h1"
            sx={{
              fontSize: { xs: '1.375rem', md: '1.625rem' },
              lineHeight: 1.25,
              letterSpacing: '-0.01em',
              overflowWrap: 'anywhere',
            }}
          >
            {title}
          </Typography>
          {subtitle !== undefined && subtitle !== null && (
            <Typography component="p" variant="body2" sx={{ color: 'text.secondary' }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            {actions}
          </Stack>
        )}
      </Stack>
      {children && (
        <Box sx={{ mt: 0.75, color: 'text.secondary', typography: 'body2', maxWidth: 820 }}>{children}</Box>
      )}
    </Box>
  );
}

function PageTitle({ title }: { title: string }) {
  usePageTitle(title);
  return null;
}
