import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { WIZARD_STEPS } from '../../../../domain';
import { visuallyHidden } from '../../../components/visually-hidden';

interface StepIndicatorProps {
  active: number;
  completed: ReadonlySet<number>;
  failed: ReadonlySet<number>;
  /** Which steps may be opened by clicking (all in development mode, earlier ones otherwise). */
  canOpen(step: number): boolean;
  onOpen(step: number): void;
}

/**
 * The four steps (spec 001 §2): a step left behind is marked completed; a step with a validation
 * error is red with a warning sign. Labels stay visible on phones under the numbers.
 */
export function StepIndicator({ active, completed, failed, canOpen, onOpen }: StepIndicatorProps) {
  return (
    <Stepper activeStep={active} alternativeLabel nonLinear aria-label="Submission steps">
      {WIZARD_STEPS.map((title, index) => {
        const error = failed.has(index);
        const label = (
          <StepLabel
            error={error}
            {...(error ? { icon: <WarningAmberRounded color="error" aria-hidden /> } : {})}
          >
            {error && (
              <Box component="span" sx={visuallyHidden}>
                Has problems:{' '}
              </Box>
            )}
            {title}
          </StepLabel>
        );
        return (
          <Step key={title} completed={completed.has(index) && !error && index !== active}>
            {/* Every step is a StepButton (MUI then makes the stepper a tab list, which only
                tabs may be in); those that cannot be opened are disabled. */}
            <StepButton
              onClick={() => onOpen(index)}
              disabled={index === active || !canOpen(index)}
              aria-current={index === active ? 'step' : undefined}
            >
              {label}
            </StepButton>
          </Step>
        );
      })}
    </Stepper>
  );
}
