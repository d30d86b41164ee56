import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  type BoardItemDetail,
  describeField,
  type FieldTarget,
  FLAG_AT_LEAST_ONE,
  FLAG_NOTE_MAX_LENGTH,
  FLAG_NOTE_REQUIRED,
  type FlaggedField,
  fieldKey,
  getStatusLabel,
} from '../../../../domain';
import { fieldErrorsOf } from '../../../api/artist';
import { useRequestChanges } from '../../../api/review';
import { PanelSection } from '../../../components/panel-section';
import {
  type DecisionMessage,
  DecisionMessageField,
  decisionPayload,
  EMPTY_DECISION_MESSAGE,
} from './decision-message-field';

/** One field staff can mark, with the words it is shown in. */
export interface MarkableField {
  key: string;
  target: FieldTarget;
  /** The checkbox's label within its group ('Audio', 'Artwork'). */
  short: string;
  /** The field on its own ('The audio of track 1 "Tide"'): the note's label. */
  label: string;
}

export interface MarkableGroup {
  title: string;
  fields: MarkableField[];
}

function markable(target: FieldTarget, short: string, item: BoardItemDetail): MarkableField {
  const track = 'trackId' in target ? item.tracks.findIndex((t) => t.trackId === target.trackId) : -1;
  const catalogue =
    'catalogueItemId' in target
      ? item.catalogueItems.find((entry) => entry.catalogueItemId === target.catalogueItemId)
      : undefined;
  const label = describeField(target, {
    ...(track >= 0 ? { trackNumber: track + 1, trackTitle: item.tracks[track]?.title } : {}),
    ...(catalogue ? { catalogueTitle: catalogue.title } : {}),
  });
  return { key: fieldKey(target), target, short, label };
}

/**
 * What this submission offers to mark: the release's artwork and date (not for a
 * catalogue transfer, which has neither), each track's audio, title, ISRC, contributors and
 * master splits, and each catalogue item.
 */
export function listMarkableFields(item: BoardItemDetail): MarkableGroup[] {
  const groups: MarkableGroup[] = [];
  if (item.uploadType !== 'transfer') {
    groups.push({
      title: 'Release',
      fields: [
        markable({ field: 'artwork' }, 'Artwork', item),
        markable({ field: 'releaseDate' }, 'Release date', item),
      ],
    });
  }
  const tracks = [...item.tracks].sort((a, b) => a.position - b.position);
  tracks.forEach((track, index) => {
    const on = (field: 'trackAudio' | 'trackTitle' | 'trackIsrc' | 'trackContributors' | 'trackSplits') =>
      ({ field, trackId: track.trackId }) as const;
    groups.push({
      title: `Track ${index + 1}: ${track.title.trim() || 'Untitled'}`,
      fields: [
        markable(on('trackAudio'), 'Audio', item),
        markable(on('trackTitle'), 'Title', item),
        markable(on('trackIsrc'), 'ISRC', item),
        markable(on('trackContributors'), 'Contributors', item),
        markable(on('trackSplits'), 'Master splits', item),
      ],
    });
  });
  if (item.catalogueItems.length > 0) {
    groups.push({
      title: 'Catalogue items',
      fields: item.catalogueItems.map((entry) =>
        markable({ field: 'catalogueItem', catalogueItemId: entry.catalogueItemId }, entry.title, item),
      ),
    });
  }
  return groups;
}

/** A marked field as the request sends it: its target and the note. */
function toFlag(field: MarkableField, note: string): FlaggedField {
  return { ...field.target, note: note.trim() } as FlaggedField;
}

/**
 * A field to mark from elsewhere on the page (the delivery checklist's "Request from artist"). Each
 * ask is a new object, so asking for the same field twice opens the panel twice.
 */
export interface ChangeRequestMark {
  target: FieldTarget;
}

interface Problems {
  /** Per field key. */
  fields: Record<string, string>;
  /** About the request as a whole. */
  general: string | null;
}

const NO_PROBLEMS: Problems = { fields: {}, general: null };

function FieldGroup({
  group,
  notes,
  problems,
  disabled,
  onToggle,
  onNote,
}: {
  group: MarkableGroup;
  notes: Record<string, string>;
  problems: Record<string, string>;
  disabled: boolean;
  onToggle(field: MarkableField, on: boolean): void;
  onNote(field: MarkableField, note: string): void;
}) {
  const headingId = useId();
  return (
    <Box role="group" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <Typography
        id={headingId}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        {group.title}
      </Typography>
      <Stack spacing={0.5}>
        {group.fields.map((field) => {
          const note = notes[field.key];
          const marked = note !== undefined;
          const problem = problems[field.key];
          return (
            <Box key={field.key}>
              <FormControlLabel
                control={
                  <Checkbox checked={marked} onChange={(event) => onToggle(field, event.target.checked)} />
                }
                label={field.short}
                disabled={disabled}
                sx={{ overflowWrap: 'anywhere' }}
              />
              {marked && (
                <TextField
                  label={`Note: ${field.label}`}
                  value={note}
                  onChange={(event) => onNote(field, event.target.value)}
                  required
                  multiline
                  minRows={2}
                  disabled={disabled}
                  error={Boolean(problem)}
                  helperText={
                    problem ?? 'What the artist should change, in your words. Shown beside the field.'
                  }
                  slotProps={{ htmlInput: { maxLength: FLAG_NOTE_MAX_LENGTH, 'data-field-key': field.key } }}
                  fullWidth
                  sx={{ mt: 0.5, mb: 1.5 }}
                />
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

/**
 * Field-level "changes requested": staff mark exactly what the artist must fix, each
 * with a note, add a message (from a request-changes template, editable), and send. The status
 * becomes Changes requested, and the artist gets one e-mail listing the points and can edit only
 * those fields.
 */
export function RequestChangesPanel({
  item,
  startOpen = false,
  mark,
  onSent,
}: {
  item: BoardItemDetail;
  /** Opens with the fields to mark showing, focus on the first (the board's c key). */
  startOpen?: boolean;
  /** Opens with this field marked (kept with any marked already), focus on its note. */
  mark?: ChangeRequestMark | null | undefined;
  /** Called once the request was sent (the board's dialog closes). */
  onSent?: () => void;
}) {
  const mutation = useRequestChanges(item.itemId);
  const canRequest = item.canRequestChanges;
  const [open, setOpen] = useState(startOpen);
  /** The marked fields' notes by key; a field is marked while it has an entry. */
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [decision, setDecision] = useState<DecisionMessage>(EMPTY_DECISION_MESSAGE);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [sent, setSent] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  /**
   * Where focus goes after the form opens or closes: into it, to the note of a field marked from
   * elsewhere (its key), or back to the button that opens it.
   */
  const [focusTo, setFocusTo] = useState<'form' | 'opener' | { note: string } | null>(
    startOpen ? 'form' : null,
  );
  const groups = listMarkableFields(item);
  const all = groups.flatMap((group) => group.fields);
  const marked = all.filter((field) => notes[field.key] !== undefined);

  function toggle(field: MarkableField, on: boolean) {
    setNotes(({ [field.key]: _dropped, ...rest }) => (on ? { ...rest, [field.key]: '' } : rest));
    setProblems(({ fields: { [field.key]: _gone, ...others }, general }) => ({ fields: others, general }));
  }

  function note(field: MarkableField, text: string) {
    setNotes((current) => ({ ...current, [field.key]: text }));
    if (text.trim())
      setProblems(({ fields: { [field.key]: _gone, ...others }, general }) => ({ fields: others, general }));
  }

  useEffect(() => {
    if (focusTo === null) return;
    if (focusTo === 'form')
      formRef.current?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
    else if (focusTo === 'opener') openerRef.current?.focus();
    else {
      const noteField = formRef.current?.querySelector<HTMLElement>(`[data-field-key="${focusTo.note}"]`);
      // Focus alone may leave the panel at the screen's edge: it is brought to the middle.
      noteField?.scrollIntoView?.({ block: 'center' });
      noteField?.focus({ preventScroll: true });
    }
    setFocusTo(null);
  }, [focusTo]);

  /** The mark already applied: a reload of the item must not open the panel again after a Cancel. */
  const appliedMark = useRef<ChangeRequestMark | null>(null);
  useEffect(() => {
    if (!mark || mark === appliedMark.current || !canRequest) return;
    appliedMark.current = mark;
    const key = fieldKey(mark.target);
    if (!listMarkableFields(item).some((group) => group.fields.some((field) => field.key === key))) return;
    setSent(null);
    setOpen(true);
    setNotes((current) => (key in current ? current : { ...current, [key]: '' }));
    setFocusTo({ note: key });
  }, [mark, canRequest, item]);

  function close() {
    setFocusTo('opener');
    setOpen(false);
    setNotes({});
    setDecision(EMPTY_DECISION_MESSAGE);
    setProblems(NO_PROBLEMS);
    mutation.reset();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (mutation.isPending) return;
    setSent(null);
    if (marked.length === 0) {
      setProblems({ fields: {}, general: FLAG_AT_LEAST_ONE });
      return;
    }
    const missing = Object.fromEntries(
      marked.filter((field) => !notes[field.key]?.trim()).map((field) => [field.key, FLAG_NOTE_REQUIRED]),
    );
    if (Object.keys(missing).length > 0) {
      setProblems({ fields: missing, general: FLAG_NOTE_REQUIRED });
      return;
    }
    setProblems(NO_PROBLEMS);
    mutation.mutate(
      { fields: marked.map((field) => toFlag(field, notes[field.key] ?? '')), ...decisionPayload(decision) },
      {
        onSuccess: (answer) => {
          setSent(answer.round.fields.length);
          close();
          onSent?.();
        },
        onError: (error) => {
          // The server names a marked field by its place in the list sent: `fields.2`.
          const byField: Record<string, string> = {};
          for (const problem of fieldErrorsOf(error)) {
            const index = /^fields\.(\d+)/.exec(problem.field)?.[1];
            const field = index === undefined ? undefined : marked[Number(index)];
            if (field && !byField[field.key]) byField[field.key] = problem.message;
          }
          setProblems({ fields: byField, general: null });
        },
      },
    );
  }

  let body: ReactNode;
  if (open && item.canRequestChanges) {
    body = (
      <Stack
        component="form"
        ref={formRef}
        spacing={3}
        onSubmit={submit}
        noValidate
        aria-label="Fields to change"
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Mark what needs fixing and say why. The artist can edit only the marked fields; everything else
          stays as submitted.
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          {groups.map((group) => (
            <FieldGroup
              key={group.title}
              group={group}
              notes={notes}
              problems={problems.fields}
              disabled={mutation.isPending}
              onToggle={toggle}
              onNote={note}
            />
          ))}
        </Box>
        <DecisionMessageField
          itemId={item.itemId}
          kind="request_changes"
          value={decision}
          onChange={setDecision}
          disabled={mutation.isPending}
          label="Message to the artist (optional)"
          helper="Sent in the e-mail above the list of fields to change."
        />
        {(problems.general || mutation.isError) && (
          <Alert severity="error" role="alert">
            {problems.general ?? mutation.error?.message}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" loading={mutation.isPending}>
            {marked.length === 0
              ? 'Send change request'
              : `Send change request (${marked.length} ${marked.length === 1 ? 'field' : 'fields'})`}
          </Button>
          <Button onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
        </Stack>
      </Stack>
    );
  } else if (item.canRequestChanges) {
    body = (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography sx={{ color: 'text.secondary' }}>
          Send the submission back with exactly what to fix: the artwork, a track's audio, title, ISRC,
          contributors or splits, the release date, a catalogue item, each with a note.
        </Typography>
        <Button
          ref={openerRef}
          variant="outlined"
          onClick={() => {
            setSent(null);
            setFocusTo('form');
            setOpen(true);
          }}
        >
          Mark fields to change
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Typography sx={{ color: 'text.secondary' }}>
        {item.status === 'changes_requested'
          ? 'Waiting for the artist to send the marked fields back. The open request is under Change requests.'
          : `Changes can be requested while a submission is Pending, In Progress or Processing; this one is ${getStatusLabel(item.status)}.`}
      </Typography>
    );
  }

  return (
    <PanelSection title="Request changes">
      {sent !== null && (
        <Alert severity="success" role="status" sx={{ mb: 2 }} onClose={() => setSent(null)}>
          Changes requested: {sent} {sent === 1 ? 'field' : 'fields'} marked. The artist has been e-mailed.
        </Alert>
      )}
      {body}
    </PanelSection>
  );
}
