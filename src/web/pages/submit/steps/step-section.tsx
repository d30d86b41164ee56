import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

interface StepSectionProps {
  title: string;
  /** A line under the title saying why we ask. */
  description?: ReactNode;
  children: ReactNode;
}

/** One titled block of the step: a region named by its h2, so screen-reader users can jump between them. */
export function StepSection({ title, description, children }: StepSectionProps) {
  const titleId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2.5, sm: 3, md: 4 } }}
    >
      <Typography id={titleId} variant="h3" component="h2" sx={{ mb: description ? 1 : 3 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 3 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
