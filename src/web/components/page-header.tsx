import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { brand } from '../brand';
import { usePageTitle } from './use-page-title';

interface PageHeaderProps {
  /** The page's one h1. */
  title: string;
  /** A short line above the title. */
  eyebrow?: string;
  intro?: ReactNode;
  /** `document.title` when it should differ from `title`. */
  documentTitle?: string;
  children?: ReactNode;
}

/** The band at the top of every inner page: eyebrow, h1, a sentence, optional actions. Sets the document title. */
export function PageHeader({ title, eyebrow, intro, documentTitle, children }: PageHeaderProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <Box
      sx={{
        background: `linear-gradient(180deg, #efeafe 0%, ${brand.canvas} 100%)`,
        borderBottom: 1,
        borderColor: 'divider',
        py: { xs: 6, md: 9 },
      }}
    >
      <Container>
        {eyebrow && (
          <Typography variant="overline" component="p" sx={{ color: 'primary.main', mb: 1 }}>
            {eyebrow}
          </Typography>
        )}
        <Typography variant="h1" sx={{ maxWidth: 820, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {intro && (
          <Typography
            variant="subtitle1"
            component="div"
            sx={{ color: 'text.secondary', mt: 2, maxWidth: 720 }}
          >
            {intro}
          </Typography>
        )}
        {children && <Box sx={{ mt: 4 }}>{children}</Box>}
      </Container>
    </Box>
  );
}
