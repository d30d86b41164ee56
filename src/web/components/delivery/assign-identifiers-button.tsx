import AutoFixHighOutlinedIcon from '@mui/icons-material/AutoFixHighOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { DeliveryView } from '../../../domain';
import { useAssignIdentifiers } from '../../api/deliveries';

/** "Assign ISRCs and UPC" for whatever of the two is missing, or why it cannot. */
export function AssignIdentifiersButton({ delivery }: { delivery: DeliveryView }) {
  const assign = useAssignIdentifiers(delivery.submissionId);
  const hintId = useId();
  const toAssign = delivery.checks.filter((check) => !check.ok && check.fix?.kind === 'assign');
  const isrcs = toAssign.filter((check) => check.trackId).length;
  const icpn = toAssign.some((check) => !check.trackId);
  if (isrcs === 0 && !icpn) return null;
  const { canAssignIsrc, canAssignIcpn } = delivery.identifiers;
  const unset = [
    isrcs > 0 && !canAssignIsrc ? 'ISRC_PREFIX' : null,
    icpn && !canAssignIcpn ? 'UPC_PREFIX' : null,
  ].filter((name): name is string => name !== null);
  const can = (isrcs > 0 && canAssignIsrc) || (icpn && canAssignIcpn);
  const label = `Assign ${[isrcs > 0 ? (isrcs === 1 ? 'ISRC' : 'ISRCs') : null, icpn ? 'UPC' : null]
    .filter(Boolean)
    .join(' and ')}`;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        size="small"
        startIcon={<AutoFixHighOutlinedIcon aria-hidden="true" />}
        disabled={!can}
        loading={assign.isPending}
        onClick={() => assign.mutate()}
        aria-describedby={unset.length > 0 ? hintId : undefined}
      >
        {label}
      </Button>
      {unset.length > 0 && (
        <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
          {can
            ? `Set ${unset.join(' / ')} to assign the rest; until then, enter it by hand.`
            : `Set ${unset.join(' / ')} to assign codes, or enter them by hand.`}
        </Typography>
      )}
      {assign.isError && (
        <Alert severity="error" role="alert">
          {assign.error.message}
        </Alert>
      )}
    </Stack>
  );
}
