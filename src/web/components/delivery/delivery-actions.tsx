import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import RemoveCircleOutlineOutlinedIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { DeliveryView } from '../../../domain';
import {
  deliveryMessageUrl,
  deliveryPackageUrl,
  isAttemptInFlight,
  useRequestDelivery,
} from '../../api/deliveries';
import { ATTEMPT_KIND_LABELS, deliveredTargets, describeAttemptStatus, isLiveAt } from './delivery-words';

type Target = DeliveryView['targets'][number];

interface Confirming {
  action: 'deliver' | 'takedown';
  target: Target;
  /** "Send update to …": the stores there already have the release. */
  update: boolean;
}

function DownloadButton({
  href,
  ready,
  reasonId,
  icon,
  children,
}: {
  href: string;
  ready: boolean;
  reasonId: string;
  icon: ReactNode;
  children: string;
}) {
  if (!ready)
    return (
      <Button variant="outlined" size="small" startIcon={icon} disabled aria-describedby={reasonId}>
        {children}
      </Button>
    );
  return (
    <Button component="a" href={href} download variant="outlined" size="small" startIcon={icon}>
      {children}
    </Button>
  );
}

function ConfirmDialog({
  delivery,
  confirming,
  onClose,
  onQueued,
}: {
  delivery: DeliveryView;
  confirming: Confirming;
  onClose(): void;
  onQueued(words: string): void;
}) {
  const request = useRequestDelivery(delivery.submissionId);
  const [date, setDate] = useState('');
  const titleId = useId();
  const formId = useId();
  const { action, target, update } = confirming;
  const title = delivery.preview?.title ?? 'this release';
  const inFlight = delivery.log.some((a) => a.target === target.kind && isAttemptInFlight(a));
  const verb = action === 'takedown' ? 'Take down' : update ? 'Send update' : 'Deliver';
  const heading =
    action === 'takedown' ? `Take down from ${target.description}?` : `${verb} to ${target.description}?`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (request.isPending) return;
    request.mutate(
      action === 'takedown'
        ? { action, target: target.kind, date: date || undefined }
        : { action, target: target.kind },
      {
        onSuccess: () => {
          onQueued(
            action === 'takedown'
              ? `Takedown from ${target.description} queued.`
              : `${update ? 'Update' : 'Delivery'} to ${target.description} queued.`,
          );
          onClose();
        },
      },
    );
  }

  return (
    <Dialog
      open
      onClose={request.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {heading}
      </DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2}>
          <DialogContentText>
            {action === 'takedown'
              ? `The stores served through ${target.description} are told to remove “${title}”.`
              : update
                ? `“${title}” is sent again as it is now; the stores replace what they have with it.`
                : `The package of “${title}” (the DDEX message, the audio and the cover) is uploaded to ${target.description}.`}{' '}
            The delivery log below follows it.
          </DialogContentText>
          {delivery.demoSender && (
            <Alert severity="info">The demo sender marks this as a test message.</Alert>
          )}
          {inFlight && (
            <Alert severity="warning">
              A message to {target.description} is still on its way: wait for it (the log below follows it)
              before sending another.
            </Alert>
          )}
          {action === 'takedown' && (
            <TextField
              type="date"
              label="Takedown date (optional)"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              helperText="The day the release leaves the stores. Leave blank for today."
              disabled={request.isPending}
              size="small"
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ maxWidth: 260 }}
            />
          )}
          {request.isError && (
            <Alert severity="error" role="alert">
              {request.error.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={request.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          color={action === 'takedown' ? 'error' : 'primary'}
          loading={request.isPending}
          disabled={inFlight}
        >
          {verb}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The package and the message to download, and a delivery to each configured target (an update
 * where the stores already have the release), or its takedown, each confirmed first. A takedown
 * needs no complete checklist: it is about the release as the stores last received it.
 */
export function DeliveryActions({ delivery }: { delivery: DeliveryView }) {
  const reasonId = useId();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [queued, setQueued] = useState('');
  const delivered = deliveredTargets(delivery.log);
  const missing = delivery.checks.filter((check) => !check.ok).length;
  const notReady = `Not ready: ${missing} ${missing === 1 ? 'item is' : 'items are'} missing from the checklist above.`;

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        Deliver
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <DownloadButton
          href={deliveryPackageUrl(delivery.submissionId)}
          ready={delivery.ready}
          reasonId={reasonId}
          icon={<FileDownloadOutlinedIcon aria-hidden="true" />}
        >
          Download package
        </DownloadButton>
        <DownloadButton
          href={deliveryMessageUrl(delivery.submissionId)}
          ready={delivery.ready}
          reasonId={reasonId}
          icon={<CodeOutlinedIcon aria-hidden="true" />}
        >
          Download DDEX message (XML)
        </DownloadButton>
      </Stack>
      {!delivery.ready && (
        <Typography id={reasonId} variant="body2" sx={{ color: 'text.secondary' }}>
          {notReady}
        </Typography>
      )}
      {delivery.changedSinceDelivery && (
        <Alert severity="warning">
          The release changed since its last delivery: the stores have the earlier version until an update is
          sent.
        </Alert>
      )}
      {delivery.targets.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          No delivery target is configured: set DELIVERY_SFTP_URL or DELIVERY_S3_BUCKET in the server’s
          configuration to send releases to stores. The package can still be downloaded.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Delivery targets" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {delivery.targets.map((target) => {
            // As the server decides: an update where the release was delivered, else a first delivery.
            const update = delivered.has(target.kind);
            const latest = delivery.log.find((attempt) => attempt.target === target.kind);
            const live = isLiveAt(delivery.log, target.kind);
            return (
              <Box
                component="li"
                key={target.kind}
                sx={{
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0, pt: 0 },
                }}
              >
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 0.75 }}>
                  <Box component="code" sx={{ fontFamily: 'monospace' }}>
                    {target.description}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {latest
                      ? ` · latest: ${ATTEMPT_KIND_LABELS[latest.kind]}, ${describeAttemptStatus(latest)}`
                      : ' · not delivered yet'}
                  </Box>
                </Typography>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <Button
                    variant="contained"
                    size="small"
                    startIcon={<SendOutlinedIcon aria-hidden="true" />}
                    disabled={!delivery.ready}
                    aria-describedby={delivery.ready ? undefined : reasonId}
                    onClick={() => setConfirming({ action: 'deliver', target, update })}
                    sx={{ textTransform: 'none' }}
                  >
                    {update ? `Send update to ${target.description}` : `Deliver to ${target.description}`}
                  </Button>
                  {live && (
                    <Button
                      variant="outlined"
                      color="error"
                      size="small"
                      startIcon={<RemoveCircleOutlineOutlinedIcon aria-hidden="true" />}
                      onClick={() => setConfirming({ action: 'takedown', target, update })}
                      sx={{ textTransform: 'none' }}
                    >
                      Take down from {target.description}
                    </Button>
                  )}
                </Stack>
              </Box>
            );
          })}
        </Box>
      )}
      <Typography role="status" variant="body2" sx={{ color: 'success.dark' }}>
        {queued}
      </Typography>
      {confirming && (
        <ConfirmDialog
          delivery={delivery}
          confirming={confirming}
          onClose={() => setConfirming(null)}
          onQueued={setQueued}
        />
      )}
    </Stack>
  );
}
