import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { DeliveryAttemptView } from '../../../domain';
import {
  ATTEMPT_KIND_LABELS,
  ATTEMPT_STATUS_COLOURS,
  describeAttemptStatus,
  formatDeliveryTime,
} from './delivery-words';

function Outcome({ attempt }: { attempt: DeliveryAttemptView }) {
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Chip
        size="small"
        color={ATTEMPT_STATUS_COLOURS[attempt.status]}
        label={describeAttemptStatus(attempt)}
        sx={{ fontWeight: 600 }}
      />
      {attempt.error && (
        <Typography variant="body2" sx={{ color: 'error.main', overflowWrap: 'anywhere' }}>
          {attempt.error}
        </Typography>
      )}
      {attempt.acknowledgement && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          Store’s acknowledgement: {attempt.acknowledgement.status}
          {attempt.acknowledgement.text ? ` — ${attempt.acknowledgement.text}` : ''}
        </Typography>
      )}
    </Stack>
  );
}

/** Every message sent for the release (the latest 50), newest first. */
export function DeliveryLog({ log }: { log: readonly DeliveryAttemptView[] }) {
  const headingId = useId();
  const attempts = [...log].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <Stack spacing={1}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Delivery log
      </Typography>
      {attempts.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Not delivered yet.
        </Typography>
      ) : (
        <Box
          role="region"
          aria-labelledby={headingId}
          // A region that scrolls sideways takes focus, so it can be scrolled by keyboard.
          tabIndex={0}
          sx={{ overflowX: 'auto' }}
        >
          <Table
            size="small"
            aria-labelledby={headingId}
            sx={{ '& td, & th': { verticalAlign: 'top', px: 1 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  When
                </TableCell>
                <TableCell component="th" scope="col">
                  Target
                </TableCell>
                <TableCell component="th" scope="col">
                  Kind
                </TableCell>
                <TableCell component="th" scope="col">
                  Message ID
                </TableCell>
                <TableCell component="th" scope="col">
                  Status
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {attempts.map((attempt) => (
                <TableRow key={attempt.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={attempt.createdAt}>{formatDeliveryTime(attempt.createdAt)}</time>
                    {attempt.requestedBy && (
                      <Box sx={{ color: 'text.secondary', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
                        by {attempt.requestedBy}
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 140 }}>
                    {attempt.targetDescription}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {ATTEMPT_KIND_LABELS[attempt.kind]}
                    {attempt.takedownDate && (
                      <Box sx={{ color: 'text.secondary' }}>
                        out of stores on <time dateTime={attempt.takedownDate}>{attempt.takedownDate}</time>
                      </Box>
                    )}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', overflowWrap: 'anywhere' }}>
                    {attempt.messageId}
                  </TableCell>
                  <TableCell sx={{ minWidth: 200 }}>
                    <Outcome attempt={attempt} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
