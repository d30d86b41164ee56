import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type BoardItemDetail, getStatusLabel } from '../../../../domain';
import { formatSubmittedAt } from './board-format';

type BoardEvent = BoardItemDetail['events'][number];

/** What happened, in words: the audit log's types as staff read them. */
export function describeEvent(event: BoardEvent): string {
  switch (event.type) {
    case 'created':
      return 'Submitted';
    case 'status_changed':
      if (event.fromStatus && event.toStatus)
        return `Status changed from ${getStatusLabel(event.fromStatus)} to ${getStatusLabel(event.toStatus)}`;
      return event.toStatus ? `Status set to ${getStatusLabel(event.toStatus)}` : 'Status changed';
    case 'release_details_submitted':
      return 'Release details submitted by the artist';
    default: {
      const words = event.type.replace(/[._]+/g, ' ').trim();
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}

function actorOf(event: BoardEvent): string {
  if (event.actor) return event.actor;
  return event.type === 'created' ? 'the artist, through the submission form' : 'the system';
}

/** The audit log, oldest first: what, who, when, and the message the artist was sent. */
export function HistoryList({ item }: { item: BoardItemDetail }) {
  if (item.events.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>Nothing recorded yet.</Typography>;
  }
  return (
    <Stack component="ol" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {item.events.map((event, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at its end
        <Box component="li" key={index} sx={{ borderLeft: 3, borderColor: 'primary.light', pl: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{describeEvent(event)}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            By {actorOf(event)} · <time dateTime={event.createdAt}>{formatSubmittedAt(event.createdAt)}</time>
          </Typography>
          {event.message && (
            <Box
              component="blockquote"
              sx={{
                m: 0,
                mt: 1,
                p: 1.5,
                bgcolor: 'background.default',
                borderRadius: '8px',
                whiteSpace: 'pre-line',
              }}
            >
              <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                Message to the artist:
              </Typography>
              {event.message}
            </Box>
          )}
        </Box>
      ))}
    </Stack>
  );
}
