import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import {
  checkArtistIsrc,
  checkIcpn,
  type DeliveryEdit,
  type DeliveryView,
  deliveryEditSchema,
} from '../../../domain';
import { useEditDelivery } from '../../api/deliveries';

/** The field the editor opens on: the one a checklist item's "Edit" names. */
export type EditFocus =
  | { field: 'icpn' }
  | { field: 'isrc'; trackId: string }
  | { field: 'pLine' }
  | { field: 'cLine' };

type LineKind = 'pLine' | 'cLine';

interface LineText {
  year: string;
  owner: string;
}

interface Values {
  icpn: string;
  /** By track id. */
  isrcs: Record<string, string>;
  pLine: LineText;
  cLine: LineText;
}

/** Problems by field: 'icpn', 'isrc:<trackId>', 'pLine.year', 'cLine.owner', ... */
type Problems = Record<string, string>;

function valuesOf(delivery: DeliveryView): Values {
  const line = (kind: LineKind): LineText => ({
    year: delivery.lines[kind].year === null ? '' : String(delivery.lines[kind].year),
    owner: delivery.lines[kind].owner ?? '',
  });
  return {
    icpn: delivery.identifiers.icpn ?? '',
    isrcs: Object.fromEntries(delivery.identifiers.tracks.map((track) => [track.trackId, track.isrc ?? ''])),
    pLine: line('pLine'),
    cLine: line('cLine'),
  };
}

/**
 * What changed, as the PUT body, with the problems the domain finds before the server is asked (a
 * code's form and check digit, a year's range). A blank code or line part is sent as `null`: the
 * code goes back to unassigned, the line part to its default. Nothing changed: an empty body.
 */
export function buildDeliveryEdit(
  delivery: DeliveryView,
  values: Values,
): { edit: DeliveryEdit | null; problems: Problems } {
  const problems: Problems = {};
  const edit: Partial<Record<keyof DeliveryEdit, unknown>> = {};

  const icpn = values.icpn.trim();
  if (icpn !== (delivery.identifiers.icpn ?? '')) {
    if (icpn === '') edit.icpn = null;
    else {
      const checked = checkIcpn(icpn);
      if (checked.ok) edit.icpn = icpn;
      else problems.icpn = checked.message;
    }
  }

  const tracks: { trackId: string; isrc: string | null }[] = [];
  for (const track of delivery.identifiers.tracks) {
    const isrc = (values.isrcs[track.trackId] ?? '').trim();
    if (isrc === (track.isrc ?? '')) continue;
    if (isrc === '') tracks.push({ trackId: track.trackId, isrc: null });
    else {
      const checked = checkArtistIsrc(isrc);
      if (checked.ok) tracks.push({ trackId: track.trackId, isrc });
      else problems[`isrc:${track.trackId}`] = checked.message;
    }
  }
  if (tracks.length > 0) edit.tracks = tracks;

  for (const kind of ['pLine', 'cLine'] as const) {
    const yearText = values[kind].year.trim();
    const year = yearText === '' ? null : Number(yearText);
    const owner = values[kind].owner.trim() || null;
    const current = delivery.lines[kind];
    if (year !== current.year || owner !== (current.owner?.trim() || null)) edit[kind] = { year, owner };
  }

  if (Object.keys(edit).length === 0) return { edit: null, problems };
  const parsed = deliveryEditSchema.safeParse(edit);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const [first, second, third] = issue.path;
      const key =
        first === 'tracks' && typeof second === 'number' && third === 'isrc'
          ? `isrc:${tracks[second]?.trackId}`
          : issue.path.join('.');
      problems[key] ??= issue.message;
    }
  return { edit: parsed.success ? parsed.data : null, problems };
}

function trackName(track: DeliveryView['identifiers']['tracks'][number]): string {
  return `Track ${track.position} “${track.title.trim() || 'Untitled'}”`;
}

/**
 * Staff's corrections to what the message says: the UPC, each track's ISRC, the P-line and the
 * C-line. The domain checks each code as it is sent; the server checks again and refuses a code
 * another release carries, in words shown here.
 */
export function EditIdentifiersDialog({
  delivery,
  focus,
  onClose,
}: {
  delivery: DeliveryView;
  /** The field to start on; the UPC when opened from the section's own Edit. */
  focus: EditFocus | null;
  onClose(): void;
}) {
  const mutation = useEditDelivery(delivery.submissionId);
  const [values, setValues] = useState<Values>(() => valuesOf(delivery));
  const [problems, setProblems] = useState<Problems>({});
  const titleId = useId();
  const formId = useId();
  const start = focus ?? { field: 'icpn' };
  const { defaultOwner } = delivery.lines;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    const { edit, problems: found } = buildDeliveryEdit(delivery, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (!edit) {
      onClose();
      return;
    }
    mutation.mutate(edit, { onSuccess: onClose });
  }

  const problem = (key: string) => problems[key];
  const setLine = (kind: LineKind, part: keyof LineText, text: string) =>
    setValues((current) => ({ ...current, [kind]: { ...current[kind], [part]: text } }));

  const lineFields = (kind: LineKind, name: string, yearHelp: string) => (
    <Box role="group" aria-labelledby={`${formId}-${kind}`}>
      <Typography id={`${formId}-${kind}`} variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {name}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <TextField
          label={`${name} year`}
          value={values[kind].year}
          onChange={(event) => setLine(kind, 'year', event.target.value)}
          error={Boolean(problem(`${kind}.year`))}
          helperText={problem(`${kind}.year`) ?? yearHelp}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
          autoFocus={start.field === kind}
          disabled={mutation.isPending}
          size="small"
          sx={{ width: { sm: 180 }, flexShrink: 0 }}
        />
        <TextField
          label={`${name} owner`}
          value={values[kind].owner}
          onChange={(event) => setLine(kind, 'owner', event.target.value)}
          placeholder={defaultOwner}
          error={Boolean(problem(`${kind}.owner`))}
          helperText={problem(`${kind}.owner`) ?? `Leave blank for the label: ${defaultOwner}.`}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          disabled={mutation.isPending}
          size="small"
          fullWidth
        />
      </Stack>
    </Box>
  );

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      scroll="body"
    >
      <DialogTitle id={titleId}>Edit identifiers and lines</DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2.5} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            A code left blank goes back to unassigned (Assign gives it one from the label’s prefix). Each code
            is checked, and refused when another release already carries it.
          </Typography>
          <TextField
            label="UPC (ICPN)"
            value={values.icpn}
            onChange={(event) => setValues((current) => ({ ...current, icpn: event.target.value }))}
            error={Boolean(problem('icpn'))}
            helperText={problem('icpn') ?? '12 digits (UPC-A) or 13 (EAN-13).'}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 32, spellCheck: false } }}
            autoFocus={start.field === 'icpn'}
            disabled={mutation.isPending}
            size="small"
            fullWidth
          />
          {delivery.identifiers.tracks.map((track) => {
            const key = `isrc:${track.trackId}`;
            return (
              <TextField
                key={track.trackId}
                label={`${trackName(track)}: ISRC`}
                value={values.isrcs[track.trackId] ?? ''}
                onChange={(event) =>
                  setValues((current) => ({
                    ...current,
                    isrcs: { ...current.isrcs, [track.trackId]: event.target.value },
                  }))
                }
                error={Boolean(problem(key))}
                helperText={problem(key)}
                placeholder="CC-XXX-YY-NNNNN"
                slotProps={{ htmlInput: { maxLength: 32, spellCheck: false } }}
                autoFocus={start.field === 'isrc' && start.trackId === track.trackId}
                disabled={mutation.isPending}
                size="small"
                fullWidth
              />
            );
          })}
          {lineFields('pLine', 'P-line', 'Blank: the earliest production year of the tracks.')}
          {lineFields('cLine', 'C-line', 'Blank: the year of the release date.')}
          {mutation.isError && (
            <Alert severity="error" role="alert">
              {mutation.error.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="contained" loading={mutation.isPending}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
