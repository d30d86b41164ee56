import DownloadIcon from '@mui/icons-material/Download';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import VerifiedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  addDays,
  checkSignatureDeadline,
  SIGNATURE_DEADLINE_MAX_DAYS,
  SIGNATURE_EVENT_LABELS,
  SIGNATURE_STATUS_LABELS,
  type SignatureEvent,
  type SignatureStatus,
  type StaffAgreement,
} from '../../../../domain';
import {
  changeSignatureDeadline,
  useArtistAgreements,
  useSignatureAudit,
} from '../../../api/agreement-templates';
import { agreementAuditLinks } from '../../../api/audit-exports';
import { queryKeys } from '../../../api/query-keys';
import { AuditDownloadMenu } from '../../../components/audit-download-menu';
import { formatSubmittedAt } from '../board/board-format';
import { InfoList, InfoRow } from '../board/detail-parts';
import { ListSkeleton, LoadError } from '../invite/load-states';
import { LastDayForm, utcToday } from '../last-day-form';

const STATUS_COLOURS = {
  awaiting_signature: 'warning',
  signed: 'success',
  declined: 'error',
  expired: 'default',
} as const satisfies Record<SignatureStatus, string>;
const PROVIDER_LABELS: Record<StaffAgreement['provider'], string> = {
  builtin: 'Built-in signing',
  dropbox_sign: 'Dropbox Sign',
};

export const NO_AGREEMENT_TEXT =
  'Not signed yet. No agreement sent yet. The artist starts it from their dashboard.';

// An audit log is read to the second: two events a minute apart must not look simultaneous.
const EVENT_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function formatEventTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : EVENT_TIME.format(ms);
}

function AuditEvent({ event }: { event: SignatureEvent }) {
  const facts = [
    event.actor ? `By ${event.actor}` : null,
    event.ip ? `IP ${event.ip}` : null,
    event.userAgent ? `User agent: ${event.userAgent}` : null,
  ].filter((fact): fact is string => fact !== null);
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {SIGNATURE_EVENT_LABELS[event.type]}
        </Typography>
        <Typography variant="body2" component="time" dateTime={event.at} sx={{ color: 'text.secondary' }}>
          {formatEventTime(event.at)}
        </Typography>
      </Stack>
      {event.detail && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {event.detail}
        </Typography>
      )}
      {facts.length > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {facts.join(' · ')}
        </Typography>
      )}
    </Box>
  );
}

/** Everything that happened to one request, oldest first, as the server recorded it. */
function AuditLog({ requestId, id }: { requestId: string; id: string }) {
  const audit = useSignatureAudit(requestId);
  let content: ReactNode;
  if (audit.isPending) content = <ListSkeleton label="Loading the audit log..." />;
  else if (audit.isError)
    content = (
      <LoadError onRetry={() => void audit.refetch()}>
        The audit log could not be loaded: {audit.error.message}
      </LoadError>
    );
  else if (audit.data.events.length === 0)
    content = <Typography sx={{ color: 'text.secondary' }}>No events recorded.</Typography>;
  else
    content = (
      <Box component="ol" sx={{ p: 0, m: 0 }} aria-label="Audit log">
        {audit.data.events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the log only grows at its end, and events have no id.
          <AuditEvent key={index} event={event} />
        ))}
      </Box>
    );
  return (
    <Box id={id} sx={{ mt: 1.5, pl: { sm: 2 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
      {content}
    </Box>
  );
}

function AgreementRow({ agreement, artistId }: { agreement: StaffAgreement; artistId: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [auditOpen, setAuditOpen] = useState(false);
  const auditId = useId();
  const awaiting = agreement.status === 'awaiting_signature';
  const sealed = agreement.status === 'signed' && Boolean(agreement.documentUrl);
  const heading =
    agreement.templateVersion !== undefined ? `Agreement version ${agreement.templateVersion}` : 'Agreement';
  return (
    <Box component="li" sx={{ py: 2, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          label={SIGNATURE_STATUS_LABELS[agreement.status]}
          color={STATUS_COLOURS[agreement.status]}
        />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {heading}
        </Typography>
      </Stack>
      <InfoList>
        <InfoRow label="Created">{agreement.createdAt ? formatSubmittedAt(agreement.createdAt) : ''}</InfoRow>
        <InfoRow label="Sign by">{agreement.expiresAt ? formatSubmittedAt(agreement.expiresAt) : ''}</InfoRow>
        {agreement.signedAt && <InfoRow label="Signed">{formatSubmittedAt(agreement.signedAt)}</InfoRow>}
        {agreement.declinedAt && (
          <InfoRow label="Declined">{formatSubmittedAt(agreement.declinedAt)}</InfoRow>
        )}
        {agreement.declineReason && <InfoRow label="Reason given">{agreement.declineReason}</InfoRow>}
        <InfoRow label="Signer">
          {agreement.signerName} &lt;{agreement.signerEmail}&gt;
        </InfoRow>
        <InfoRow label="Provider">{PROVIDER_LABELS[agreement.provider]}</InfoRow>
        {agreement.sealedAt && <InfoRow label="Sealed">{formatSubmittedAt(agreement.sealedAt)}</InfoRow>}
        {agreement.sha256 && (
          <InfoRow label="SHA-256 of the sealed PDF">
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '0.85em' }}>
              {agreement.sha256}
            </Box>
          </InfoRow>
        )}
      </InfoList>
      {agreement.status === 'signed' && !sealed && (
        <Typography variant="body2" role="status" sx={{ color: 'text.secondary', mt: 1 }}>
          The signed copy is being sealed; the PDF will be here shortly.
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, flexWrap: 'wrap' }}>
        {sealed && agreement.documentUrl && (
          <Button
            component="a"
            href={agreement.documentUrl}
            download
            size="small"
            variant="contained"
            startIcon={<DownloadIcon />}
          >
            Download signed PDF
          </Button>
        )}
        {sealed && (
          <Button
            component={RouterLink}
            to={`/contracts/${encodeURIComponent(agreement.id)}/verify`}
            size="small"
            variant="outlined"
            startIcon={<VerifiedIcon />}
          >
            Check a copy
          </Button>
        )}
        {awaiting && !editing && (
          <Button size="small" variant="outlined" onClick={() => setEditing(true)}>
            Change deadline
          </Button>
        )}
        <Button
          size="small"
          onClick={() => setAuditOpen((open) => !open)}
          aria-expanded={auditOpen}
          aria-controls={auditOpen ? auditId : undefined}
          endIcon={auditOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          {auditOpen ? 'Hide audit log' : 'Show audit log'}
        </Button>
        <AuditDownloadMenu links={agreementAuditLinks(agreement.id)} />
      </Stack>
      {editing && (
        <LastDayForm
          label="Last day to sign (UTC)"
          expiresAt={agreement.expiresAt ?? ''}
          check={checkSignatureDeadline}
          maxDate={addDays(utcToday(), SIGNATURE_DEADLINE_MAX_DAYS)}
          helperText={`A day in the past ends the request now; at most ${SIGNATURE_DEADLINE_MAX_DAYS} days from today.`}
          onSubmit={async (lastDay) => {
            await changeSignatureDeadline(agreement.id, lastDay);
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: queryKeys.artistAgreements(artistId) }),
              queryClient.invalidateQueries({ queryKey: queryKeys.contractAudit(agreement.id) }),
            ]);
          }}
          onDone={() => setEditing(false)}
        />
      )}
      {auditOpen && <AuditLog requestId={agreement.id} id={auditId} />}
    </Box>
  );
}

/**
 * The Agreement section of the staff artist page: every signature request the artist made,
 * newest first, with its state, the sealed copy, the audit log and, while one is open, its deadline.
 */
export function ArtistAgreements({ artistId }: { artistId: string }) {
  const agreements = useArtistAgreements(artistId);
  if (agreements.isPending) return <ListSkeleton label="Loading the agreements..." />;
  if (agreements.isError)
    return (
      <LoadError onRetry={() => void agreements.refetch()}>
        The agreements could not be loaded: {agreements.error.message}
      </LoadError>
    );
  const list = agreements.data.agreements;
  if (list.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{NO_AGREEMENT_TEXT}</Typography>;
  const signed = list.find((agreement) => agreement.status === 'signed');
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {signed
          ? `Signed${signed.signedAt ? ` ${formatSubmittedAt(signed.signedAt)}` : ''}${
              signed.templateVersion !== undefined ? ` (version ${signed.templateVersion})` : ''
            }.`
          : 'Not signed yet.'}
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0 }} aria-label="Agreement requests">
        {list.map((agreement) => (
          <AgreementRow key={agreement.id} agreement={agreement} artistId={artistId} />
        ))}
      </Box>
    </>
  );
}
