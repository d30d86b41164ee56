import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { type ReactNode, useRef, useState } from 'react';
import { DELIVERY_STATE_LABELS, type DeliveryView, getDeliveryStateChipColour } from '../../domain';
import { useDelivery } from '../api/deliveries';
import { DeliveryActions } from './delivery/delivery-actions';
import { DeliveryChecklist, type RequestFromArtist } from './delivery/delivery-checklist';
import { DeliveryIdentifiers } from './delivery/delivery-identifiers';
import { DeliveryLog } from './delivery/delivery-log';
import { DeliveryPreviewView } from './delivery/delivery-preview';
import { ATTEMPT_KIND_LABELS, describeAttemptStatus } from './delivery/delivery-words';
import { type EditFocus, EditIdentifiersDialog } from './delivery/edit-identifiers-dialog';
import { QueryFailedAlert } from './load-failed-alert';
import { PanelSection } from './panel-section';
import { visuallyHidden } from './visually-hidden';

/** Where the release is with the stores, beside the heading; announced as it changes. */
function StateChip({ delivery }: { delivery: DeliveryView | undefined }) {
  const state = delivery?.state ?? null;
  const latest = delivery?.log[0];
  return (
    <Box aria-live="polite" aria-atomic="true" sx={{ display: 'flex', alignItems: 'center' }}>
      {state && (
        <Chip
          size="small"
          color={getDeliveryStateChipColour(state)}
          label={DELIVERY_STATE_LABELS[state]}
          sx={{ fontWeight: 600 }}
        />
      )}
      {latest && (
        <Box component="span" sx={visuallyHidden}>
          {`Latest: ${ATTEMPT_KIND_LABELS[latest.kind]} to ${latest.targetDescription}, ${describeAttemptStatus(latest)}.`}
        </Box>
      )}
    </Box>
  );
}

function Loading() {
  return (
    <Box role="status">
      <Box component="span" sx={visuallyHidden}>
        Loading the delivery...
      </Box>
      <Stack spacing={1.5} aria-hidden="true">
        <Skeleton variant="text" width="30%" />
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={64} />
      </Stack>
    </Box>
  );
}

/**
 * "Delivery" of an approved release (staff): whether it has what stores need, with a fix for each
 * missing item; its codes and copyright lines; what the DDEX message says; the downloads and the
 * deliveries to the configured targets; and the log of every message sent. While a message is on
 * its way the view is read again every 2 s (`useDelivery`).
 */
export function DeliverySection({
  submissionId,
  requestFromArtist = {},
}: {
  submissionId: string;
  /** How a "Request from artist" fix reaches the page's change request. */
  requestFromArtist?: RequestFromArtist;
}) {
  const query = useDelivery(submissionId);
  const delivery = query.data;
  const [editing, setEditing] = useState<{ focus: EditFocus | null } | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);

  function closeEditor() {
    setEditing(null);
    // The fix that opened the editor is gone once its item is fixed: focus lands on the section's Edit.
    requestAnimationFrame(() => {
      if (!document.activeElement || document.activeElement === document.body) editRef.current?.focus();
    });
  }

  let content: ReactNode;
  if (delivery)
    content = (
      <Stack spacing={2.5} divider={<Divider flexItem />}>
        <DeliveryChecklist
          delivery={delivery}
          onEdit={(focus) => setEditing({ focus })}
          request={requestFromArtist}
          onRecheck={() => query.refetch()}
        />
        <DeliveryIdentifiers
          delivery={delivery}
          onEdit={() => setEditing({ focus: null })}
          editRef={editRef}
        />
        {delivery.preview && (
          <DeliveryPreviewView preview={delivery.preview} demoSender={delivery.demoSender} />
        )}
        <DeliveryActions delivery={delivery} />
        <DeliveryLog log={delivery.log} />
      </Stack>
    );
  else if (query.isError) content = <QueryFailedAlert query={query} what="The delivery" />;
  else content = <Loading />;

  return (
    <PanelSection title="Delivery" action={<StateChip delivery={delivery} />}>
      {content}
      {delivery && editing && (
        <EditIdentifiersDialog delivery={delivery} focus={editing.focus} onClose={closeEditor} />
      )}
    </PanelSection>
  );
}
