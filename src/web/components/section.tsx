import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface SectionProps {
  /** The section's h2; also names the region for assistive technology. */
  title?: string;
  eyebrow?: string;
  intro?: ReactNode;
  /** Background tone: the page canvas or white. */
  tone?: 'canvas' | 'paper';
  /** 'md' keeps long text to a readable width, aligned with the rest of the page. */
  maxWidth?: 'md' | 'lg';
  children: ReactNode;
}

/** A full-width band with a contained, titled block of content. */
export function Section({ title, eyebrow, intro, tone = 'canvas', maxWidth = 'lg', children }: SectionProps) {
  const generatedId = useId();
  const id = title ? generatedId : undefined;
  return (
    <Box
      component="section"
      aria-labelledby={id}
      sx={{ bgcolor: tone === 'paper' ? 'background.paper' : 'background.default', py: { xs: 6, md: 10 } }}
    >
      <Container>
        <Box sx={{ maxWidth: maxWidth === 'md' ? 840 : 'none' }}>
          {eyebrow && (
            <Typography variant="overline" component="p" sx={{ color: 'primary.main', mb: 1 }}>
              {eyebrow}
            </Typography>
          )}
          {title && (
            <Typography id={id} variant="h2" sx={{ mb: intro ? 2 : { xs: 4, md: 5 } }}>
              {title}
            </Typography>
          )}
          {intro && (
            <Typography
              variant="subtitle1"
              component="div"
              sx={{ color: 'text.secondary', maxWidth: 720, mb: { xs: 4, md: 5 } }}
            >
              {intro}
            </Typography>
          )}
          {children}
        </Box>
      </Container>
    </Box>
  );
}
