import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { brand } from '../brand';
import { usePublicConfig } from '../config';

export interface ProcessStep {
  title: string;
  text: string;
}

/** What happens from submission to release (spec 001 §1 and the thank-you page). */
export function useProcessSteps(): { submit: ProcessStep; afterSubmit: ProcessStep[] } {
  const { reviewPromise } = usePublicConfig();
  return {
    submit: {
      title: 'Submit',
      text: 'Send us your music through the submission form: new music, a catalogue transfer, or both.',
    },
    afterSubmit: [
      {
        title: 'Review',
        text: `Our team listens to every submission and reviews it within ${reviewPromise}.`,
      },
      {
        title: 'We reach out',
        text: 'If your music is a fit, we reach out to you directly.',
      },
      {
        title: 'Artist-friendly terms',
        text: 'We send you artist-friendly terms to read in your own time and sign online.',
      },
      {
        title: 'Release & onboarding',
        text: 'We guide you through release and onboarding, from delivery to release day and beyond.',
      },
    ],
  };
}

interface ProcessStepsProps {
  steps: ProcessStep[];
  /** Heading level of each step's title, to keep the page's outline in order. */
  headingLevel?: 'h3' | 'h4';
  /** Light text on a dark surface. */
  onDark?: boolean;
}

/** A numbered, vertical timeline of steps. */
export function ProcessSteps({ steps, headingLevel = 'h3', onDark = false }: ProcessStepsProps) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {steps.map((step, index) => (
        <Box
          component="li"
          key={step.title}
          sx={{ display: 'grid', gridTemplateColumns: '48px 1fr', columnGap: 2.5, position: 'relative' }}
        >
          <Box
            aria-hidden="true"
            sx={{
              width: 48,
              height: 48,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              fontWeight: 800,
              fontSize: '1.125rem',
              bgcolor: onDark ? '#fff' : 'primary.main',
              color: onDark ? brand.nightRaised : '#fff',
              zIndex: 1,
            }}
          >
            {index + 1}
          </Box>
          {index < steps.length - 1 && (
            <Box
              aria-hidden="true"
              sx={{
                position: 'absolute',
                left: 23,
                top: 48,
                bottom: 0,
                width: 2,
                bgcolor: onDark ? 'rgba(255,255,255,0.25)' : 'rgba(85,48,217,0.25)',
              }}
            />
          )}
          <Box sx={{ pb: index < steps.length - 1 ? 4 : 0, pt: 1 }}>
            <Typography
              component={headingLevel}
              variant="h4"
              sx={{ color: onDark ? '#fff' : 'text.primary', mb: 0.5 }}
            >
              {step.title}
            </Typography>
            <Typography sx={{ color: onDark ? brand.mist : 'text.secondary' }}>{step.text}</Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
