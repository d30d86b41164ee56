import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type AdminInvitationPayload,
  type AdminInvitationResponse,
  validateAdminInvite,
} from '../../../../domain';
import { queryKeys } from '../../../api/query-keys';
import { CopyLinkField } from './copy-link-field';
import { createInvitation, invitationErrorText } from './invitation-api';

const EMPTY: Required<Omit<AdminInvitationPayload, 'waitingListEntryId'>> = {
  artistName: '',
  firstName: '',
  surname: '',
  email: '',
  invitationReason: '',
};

const FIELDS: { name: keyof typeof EMPTY; label: string; type?: string; autoComplete?: string }[] = [
  { name: 'artistName', label: 'Artist/Band Name' },
  { name: 'firstName', label: 'First Name', autoComplete: 'off' },
  { name: 'surname', label: 'Surname', autoComplete: 'off' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'off' },
];

/**
 * The admin invitation form (spec 001 §2, §5): idle → creating → success or error. On success the
 * form is cleared and the result shows the artist, e-mail, board item id, next steps and the
 * personal link.
 */
export function AdminInviteForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<AdminInvitationResponse | null>(null);

  const mutation = useMutation({
    mutationFn: createInvitation,
    onSuccess: (answer) => {
      setResult(answer);
      setValues(EMPTY);
      void queryClient.invalidateQueries({ queryKey: queryKeys.artistInvitations() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.waitingList });
    },
    onError: (error) => setMessage(invitationErrorText(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const payload: AdminInvitationPayload = {
      artistName: values.artistName.trim(),
      firstName: values.firstName.trim(),
      surname: values.surname.trim(),
      email: values.email.trim(),
      ...(values.invitationReason.trim() ? { invitationReason: values.invitationReason.trim() } : {}),
    };
    const validation = validateAdminInvite(payload);
    setInvalid(new Set(validation.errors.map((error) => error.field)));
    if (validation.stepMessage) {
      setMessage(validation.stepMessage);
      return;
    }
    setMessage(null);
    mutation.mutate(payload);
  };

  const change = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <Stack spacing={3}>
      <Box component="form" noValidate onSubmit={submit} aria-label="Create an invitation">
        <Grid container spacing={2}>
          {FIELDS.map((field) => (
            <Grid key={field.name} size={{ xs: 12, sm: 6 }}>
              <TextField
                label={field.label}
                name={field.name}
                type={field.type ?? 'text'}
                required
                fullWidth
                value={values[field.name]}
                onChange={change(field.name)}
                error={invalid.has(field.name)}
                autoComplete={field.autoComplete ?? 'off'}
              />
            </Grid>
          ))}
          <Grid size={12}>
            <TextField
              label="Invitation Reason"
              name="invitationReason"
              fullWidth
              multiline
              minRows={2}
              value={values.invitationReason}
              onChange={change('invitationReason')}
              helperText="Helps track why this artist was invited"
            />
          </Grid>
        </Grid>
        {message && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {message}
          </Alert>
        )}
        <Button type="submit" variant="contained" sx={{ mt: 2 }} loading={mutation.isPending}>
          {mutation.isPending ? 'Creating invitation...' : 'Create invitation'}
        </Button>
      </Box>

      {result && (
        <Alert severity="success" role="status">
          <AlertTitle>{result.message ?? 'Invitation created'}</AlertTitle>
          <Stack spacing={1.5}>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
              <dt>Artist</dt>
              <dd style={{ margin: 0 }}>{result.artistName}</dd>
              <dt>Email</dt>
              <dd style={{ margin: 0 }}>{result.email}</dd>
              <dt>Board item id</dt>
              <dd style={{ margin: 0 }}>{result.itemId}</dd>
            </Box>
            {result.invitationUrl && <CopyLinkField url={result.invitationUrl} />}
            {result.nextSteps && result.nextSteps.length > 0 && (
              <Box>
                <Typography variant="subtitle2" component="h3">
                  Next steps
                </Typography>
                <Box component="ol" sx={{ m: 0, pl: 3 }}>
                  {result.nextSteps.map((step) => (
                    <li key={step}>{step}</li>
                  ))}
                </Box>
              </Box>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
