import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { JOIN_WAITING_LIST_LABEL, WAITING_LIST_REVIEW_PROMISE } from '../../../../domain';
import { FormTextField } from '../../../forms/form-fields';
import { StepSection } from '../steps/step-section';

const linkInputProps = {
  htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false },
} as const;

/**
 * The waiting-list block that takes the place of Back / Next in waiting-list mode (spec 001 §2):
 * the listen link, an optional word about the project, why the last attempt failed, and the Join button.
 */
export function WaitingListSection({
  submitting,
  failure,
}: {
  submitting: boolean;
  failure?: string | undefined;
}) {
  return (
    <StepSection
      title="Join the Waiting List"
      description={`Share a link to your latest project and we'll listen to it. We reply within ${WAITING_LIST_REVIEW_PROMISE}.`}
    >
      <Stack spacing={3}>
        <FormTextField
          name="listenLink"
          label="Listen link"
          type="url"
          required
          fullWidth
          placeholder="https://soundcloud.com/yourname/latest"
          helperText="Where we can hear your latest project: SoundCloud, YouTube, Bandcamp, a private stream..."
          slotProps={linkInputProps}
        />
        <FormTextField
          name="projectDescription"
          label="About your project (optional)"
          multiline
          minRows={3}
          fullWidth
          helperText="What it is, who is on it, and when you would like to release it."
        />
        {/* Next to the button the artist just pressed, so it is seen as well as announced. */}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" loading={submitting}>
            {JOIN_WAITING_LIST_LABEL}
          </Button>
        </Stack>
      </Stack>
    </StepSection>
  );
}
