import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { type DeliveryView, describeField, type FieldTarget, targetOf } from '../../../domain';
import { visuallyHidden } from '../visually-hidden';
import { AssignIdentifiersButton } from './assign-identifiers-button';
import type { EditFocus } from './edit-identifiers-dialog';

type Check = DeliveryView['checks'][number];
type Track = DeliveryView['identifiers']['tracks'][number];

export interface RequestFromArtist {
  /** Opens the change request with the field marked; absent while no change request can be sent. */
  onRequest?: ((target: FieldTarget) => void) | undefined;
  /** Why the artist cannot be asked now, shown in place of the button. */
  unavailable?: string | undefined;
}

interface Group {
  key: string;
  title: string;
  checks: Check[];
}

/** The release's own checks first, then each track's under "Track N “Title”", in the server's order. */
function groupChecks(delivery: DeliveryView): Group[] {
  const release: Group = { key: 'release', title: 'Release', checks: [] };
  const tracks = new Map<string, Group>();
  for (const check of delivery.checks) {
    if (!check.trackId) {
      release.checks.push(check);
      continue;
    }
    let group = tracks.get(check.trackId);
    if (!group) {
      const track = delivery.identifiers.tracks.find((t) => t.trackId === check.trackId);
      const title = track
        ? `Track ${track.position} “${track.title.trim() || 'Untitled'}”`
        : `Track ${tracks.size + 1}`;
      group = { key: check.trackId, title, checks: [] };
      tracks.set(check.trackId, group);
    }
    group.checks.push(check);
  }
  return [release, ...tracks.values()].filter((group) => group.checks.length > 0);
}

/** A track's check under its track's heading: "ISRC", not "Track 2 “Blue”: ISRC". */
function shortLabel(check: Check): string {
  if (!check.trackId) return check.label;
  const colon = check.label.indexOf(': ');
  const part = colon >= 0 ? check.label.slice(colon + 2) : check.label;
  return part.charAt(0).toUpperCase() + part.slice(1);
}

function trackOf(delivery: DeliveryView, trackId: string | undefined): Track | undefined {
  return trackId ? delivery.identifiers.tracks.find((t) => t.trackId === trackId) : undefined;
}

/** What an Edit button opens on, in words for its name: "the ISRC of track 2". */
function describeEditField(field: EditFocus['field'], track: Track | undefined): string {
  if (field === 'icpn') return 'the UPC';
  if (field === 'pLine') return 'the P-line';
  if (field === 'cLine') return 'the C-line';
  return track ? `the ISRC of track ${track.position}` : 'the ISRC';
}

function focusFor(field: EditFocus['field'], trackId: string | undefined): EditFocus {
  if (field === 'isrc' && trackId) return { field, trackId };
  if (field === 'isrc') return { field: 'icpn' };
  return { field };
}

/** A small text button named past its visible words: "Edit" reads "Edit the ISRC of track 2". */
function FixButton({ label, more, onClick }: { label: string; more: string; onClick(): void }) {
  return (
    <Button
      size="small"
      aria-label={`${label} ${more}`}
      onClick={onClick}
      sx={{ py: 0, minHeight: 28, verticalAlign: 'baseline' }}
    >
      {label}
    </Button>
  );
}

function Fix({
  check,
  delivery,
  onEdit,
  request,
}: {
  check: Check;
  delivery: DeliveryView;
  onEdit(focus: EditFocus): void;
  request: RequestFromArtist;
}) {
  const fix = check.fix;
  if (!fix) return null;
  const track = trackOf(delivery, check.trackId);
  switch (fix.kind) {
    case 'assign': {
      // The button that assigns is the list's own ("Assign ISRCs and UPC"); each code can also be typed in.
      const field = check.trackId ? 'isrc' : 'icpn';
      return (
        <FixButton
          label="Enter by hand"
          more={describeEditField(field, track)}
          onClick={() => onEdit(focusFor(field, check.trackId))}
        />
      );
    }
    case 'edit':
      return (
        <FixButton
          label="Edit"
          more={describeEditField(fix.field, track)}
          onClick={() => onEdit(focusFor(fix.field, check.trackId))}
        />
      );
    case 'request': {
      const target = targetOf({ field: fix.field, trackId: check.trackId });
      const what = describeField(target, {
        trackNumber: track?.position,
        trackTitle: track?.title,
      });
      if (request.onRequest) {
        const onRequest = request.onRequest;
        return (
          <FixButton
            label="Request from artist"
            more={`(${what.charAt(0).toLowerCase()}${what.slice(1)})`}
            onClick={() => onRequest(target)}
          />
        );
      }
      return (
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          · {request.unavailable ?? 'Ask the artist for it with a change request.'}
        </Typography>
      );
    }
    case 'wait':
      // The problem already says what it waits for ("waiting for the artist’s signature").
      return null;
    case 'configure':
      return (
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          · Set <code>{fix.variable}</code> in the server’s configuration
        </Typography>
      );
  }
}

function CheckItem({
  check,
  delivery,
  onEdit,
  request,
}: {
  check: Check;
  delivery: DeliveryView;
  onEdit(focus: EditFocus): void;
  request: RequestFromArtist;
}) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.25 }}>
      {check.ok ? (
        <CheckCircleOutlinedIcon
          aria-hidden="true"
          fontSize="small"
          sx={{ color: 'success.main', mt: '2px' }}
        />
      ) : (
        <WarningAmberOutlinedIcon
          aria-hidden="true"
          fontSize="small"
          sx={{ color: 'warning.dark', mt: '2px' }}
        />
      )}
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography component="span" variant="body2" sx={{ fontWeight: check.ok ? 400 : 600 }}>
          <Box component="span" sx={visuallyHidden}>
            {check.ok ? 'Done: ' : 'Missing: '}
          </Box>
          {shortLabel(check)}
        </Typography>
        {!check.ok && check.problem && (
          <Typography component="span" variant="body2">
            {' '}
            — {check.problem}
          </Typography>
        )}
        {!check.ok && check.fix && (
          <Box component="span" sx={{ ml: 0.5 }}>
            <Fix check={check} delivery={delivery} onEdit={onEdit} request={request} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

function CheckGroup({
  group,
  delivery,
  onEdit,
  request,
}: {
  group: Group;
  delivery: DeliveryView;
  onEdit(focus: EditFocus): void;
  request: RequestFromArtist;
}) {
  const missing = group.checks.filter((check) => !check.ok).length;
  return (
    <Box component="li" sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4" sx={{ overflowWrap: 'anywhere' }}>
        {group.title}
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
          {missing > 0 ? ` · ${missing} missing` : ' · all set'}
        </Box>
      </Typography>
      <Box component="ul" aria-label={group.title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {group.checks.map((check) => (
          <CheckItem
            key={`${check.trackId ?? ''}:${check.key}`}
            check={check}
            delivery={delivery}
            onEdit={onEdit}
            request={request}
          />
        ))}
      </Box>
    </Box>
  );
}

/**
 * Whether the release has what stores need, item by item (the release's first, then each
 * track's), each missing one with its fix. Once everything is there the list folds away behind
 * the summary: staff going through many releases read one line.
 */
export function DeliveryChecklist({
  delivery,
  onEdit,
  request,
  onRecheck,
}: {
  delivery: DeliveryView;
  onEdit(focus: EditFocus): void;
  request: RequestFromArtist;
  /** Reads the checklist again (after the artist signed, a cover was made). */
  onRecheck(): Promise<unknown>;
}) {
  const listId = useId();
  const [shown, setShown] = useState(false);
  const [rechecking, setRechecking] = useState(false);
  const missing = delivery.checks.filter((check) => !check.ok).length;
  const open = !delivery.ready || shown;

  return (
    <Stack spacing={1.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        What stores need
      </Typography>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography
          role="status"
          sx={{ fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
        >
          {delivery.ready ? (
            <CheckCircleOutlinedIcon aria-hidden="true" sx={{ color: 'success.main' }} />
          ) : (
            <WarningAmberOutlinedIcon aria-hidden="true" sx={{ color: 'warning.dark' }} />
          )}
          {delivery.ready ? 'Ready for delivery' : `${missing} ${missing === 1 ? 'item' : 'items'} missing`}
        </Typography>
        <Button
          size="small"
          loading={rechecking}
          onClick={() => {
            setRechecking(true);
            void onRecheck().finally(() => setRechecking(false));
          }}
        >
          Check again
        </Button>
        {delivery.ready && (
          <Button size="small" aria-expanded={open} aria-controls={listId} onClick={() => setShown(!shown)}>
            {open ? 'Hide the checks' : `Show the ${delivery.checks.length} checks`}
          </Button>
        )}
      </Stack>
      <AssignIdentifiersButton delivery={delivery} />
      <Box
        component="ul"
        id={listId}
        aria-label="Delivery checklist"
        hidden={!open}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: open ? 'grid' : 'none',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          '& > li:first-of-type': { gridColumn: '1 / -1' },
        }}
      >
        {groupChecks(delivery).map((group) => (
          <CheckGroup key={group.key} group={group} delivery={delivery} onEdit={onEdit} request={request} />
        ))}
      </Box>
    </Stack>
  );
}
