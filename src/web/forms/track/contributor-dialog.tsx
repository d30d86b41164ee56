import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import {
  CONTRIBUTOR_ROLES,
  type Contributor,
  type ContributorRole,
  chooseContributorList,
  normaliseContributor,
  validateContributor,
} from '../../../domain';
import { createId } from '../form-values';
import { CONTRIBUTOR_LIST_LABELS } from './contributor-format';

export interface ContributorDialogProps {
  open: boolean;
  /** The contributor being edited; omitted to add a new one. */
  initial?: Contributor;
  onClose(): void;
  /**
   * Called with the normalised contributor (trimmed names, Spotify URL only for a primary
   * artist). The caller places it with the domain's `saveContributor` and closes the dialog.
   */
  onSave(contributor: Contributor): void;
}

type DraftField = 'firstName' | 'surname' | 'email' | 'roles' | 'spotifyUrl';
const ALL_FIELDS: readonly DraftField[] = ['firstName', 'surname', 'email', 'roles', 'spotifyUrl'];

function createDraft(initial: Contributor | undefined): Contributor {
  if (initial) return { ...initial, email: initial.email ?? '', spotifyUrl: initial.spotifyUrl ?? '' };
  return {
    id: createId(),
    firstName: '',
    surname: '',
    email: '',
    roles: [],
    isFeatured: false,
    isPrimaryArtist: false,
    spotifyUrl: '',
  };
}

/**
 * Adds or edits one person who worked on a track (spec 001 §5). Add/Save stays disabled while the
 * domain reports a problem; each problem is shown under its field once the artist has left it,
 * so an untouched dialog opens without red text.
 */
export function ContributorDialog({ open, initial, onClose, onSave }: ContributorDialogProps) {
  const [draft, setDraft] = useState(() => createDraft(initial));
  const [touched, setTouched] = useState<ReadonlySet<DraftField>>(() => new Set());
  // A fresh draft each time the dialog opens, or opens on someone else; compared by id so the
  // caller re-rendering with an equal contributor does not throw the artist's typing away.
  const [session, setSession] = useState({ open, initialId: initial?.id });
  if (session.open !== open || session.initialId !== initial?.id) {
    setSession({ open, initialId: initial?.id });
    if (open) {
      setDraft(createDraft(initial));
      setTouched(new Set());
    }
  }

  const formId = useId();
  const featuredHelpId = useId();
  const primaryHelpId = useId();
  const problems = validateContributor(draft);
  const editing = initial !== undefined;

  function errorOf(field: DraftField): string | undefined {
    return touched.has(field) ? problems.find((problem) => problem.field === field)?.message : undefined;
  }

  function touch(field: DraftField) {
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  }

  function change(patch: Partial<Contributor>) {
    setDraft((current) => ({ ...current, ...patch }));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (problems.length > 0) {
      setTouched(new Set(ALL_FIELDS));
      return;
    }
    onSave(normaliseContributor(draft));
  }

  const fieldIds = {
    firstName: `${formId}-first-name`,
    surname: `${formId}-last-name`,
    email: `${formId}-email`,
    roles: `${formId}-roles`,
    spotifyUrl: `${formId}-spotify-url`,
  } as const;
  const placement = CONTRIBUTOR_LIST_LABELS[chooseContributorList(draft)];

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{editing ? 'Edit contributor' : 'Add contributor'}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={3} sx={{ pt: 1 }}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id={fieldIds.firstName}
                label="First name"
                required
                fullWidth
                autoFocus
                autoComplete="off"
                value={draft.firstName}
                onChange={(event) => change({ firstName: event.target.value })}
                onBlur={() => touch('firstName')}
                error={Boolean(errorOf('firstName'))}
                helperText={errorOf('firstName')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id={fieldIds.surname}
                label="Last name"
                required
                fullWidth
                autoComplete="off"
                value={draft.surname}
                onChange={(event) => change({ surname: event.target.value })}
                onBlur={() => touch('surname')}
                error={Boolean(errorOf('surname'))}
                helperText={errorOf('surname')}
              />
            </Grid>
            <Grid size={12}>
              <TextField
                id={fieldIds.email}
                label="Email (optional)"
                type="email"
                fullWidth
                autoComplete="off"
                value={draft.email ?? ''}
                onChange={(event) => change({ email: event.target.value })}
                onBlur={() => touch('email')}
                error={Boolean(errorOf('email'))}
                helperText={errorOf('email') ?? 'Lets our team reach them about credits and splits.'}
                slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              />
            </Grid>
            <Grid size={12}>
              <Autocomplete<ContributorRole, true>
                id={fieldIds.roles}
                multiple
                disableCloseOnSelect
                filterSelectedOptions
                options={CONTRIBUTOR_ROLES}
                value={draft.roles}
                onChange={(_event, roles) => change({ roles })}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Roles"
                    required={draft.roles.length === 0}
                    onBlur={() => touch('roles')}
                    error={Boolean(errorOf('roles'))}
                    helperText={errorOf('roles') ?? 'What they did on this track; choose one or more.'}
                  />
                )}
              />
            </Grid>
          </Grid>

          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.isFeatured}
                  onChange={(event) => change({ isFeatured: event.target.checked })}
                  slotProps={{ input: { 'aria-describedby': featuredHelpId } }}
                />
              }
              label="Featured artist"
            />
            <FormHelperText id={featuredHelpId} sx={{ mt: 0, mx: 0 }}>
              Featured artists appear in the public credits; non-featured contributors are acknowledged
              internally only.
            </FormHelperText>
          </div>

          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.isPrimaryArtist}
                  onChange={(event) => change({ isPrimaryArtist: event.target.checked })}
                  slotProps={{ input: { 'aria-describedby': primaryHelpId } }}
                />
              }
              label="Primary artist"
            />
            <FormHelperText id={primaryHelpId} sx={{ mt: 0, mx: 0 }}>
              Primary artists are shown as co-artists on streaming platforms.
            </FormHelperText>
            <Collapse in={draft.isPrimaryArtist} unmountOnExit>
              <TextField
                id={fieldIds.spotifyUrl}
                label="Spotify artist URL"
                required
                fullWidth
                placeholder="https://open.spotify.com/artist/…"
                value={draft.spotifyUrl ?? ''}
                onChange={(event) => change({ spotifyUrl: event.target.value })}
                onBlur={() => touch('spotifyUrl')}
                error={Boolean(errorOf('spotifyUrl'))}
                helperText={
                  errorOf('spotifyUrl') ?? 'Their artist page, so streaming platforms link the right profile.'
                }
                sx={{ mt: 2 }}
                slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'none', spellCheck: false } }}
              />
            </Collapse>
          </div>

          <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
            Listed as: <strong>{placement}</strong>
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" form={formId} variant="contained" disabled={problems.length > 0}>
          {editing ? 'Save' : 'Add'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
