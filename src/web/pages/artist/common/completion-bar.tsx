import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { getProfileBarColour } from '../../../../domain';

/** How complete the profile is (spec 000 §5): the weighted percentage, green once it reaches 100. */
export function CompletionBar({ completion }: { completion: number }) {
  const labelId = useId();
  const colour = getProfileBarColour(completion);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 0.75 }}>
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600 }}>
          Profile completion
        </Typography>
        <Typography
          variant="body2"
          sx={{ fontWeight: 700, color: colour === 'success' ? 'success.dark' : 'primary.main' }}
        >
          {completion}%
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={completion}
        color={colour}
        aria-labelledby={labelId}
        aria-valuetext={`${completion}%`}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}
