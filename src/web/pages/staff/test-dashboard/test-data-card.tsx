import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TEST_DASHBOARD_DEFAULT_DATA,
  type TestDashboardData,
  testDashboardDataSchema,
} from '../../../../domain';

export type TestDataValues = Required<{ [K in keyof TestDashboardData]: string }>;
export type TestDataErrors = Partial<Record<keyof TestDataValues, string>>;

export function initialTestData(email: string | undefined): TestDataValues {
  return { ...TEST_DASHBOARD_DEFAULT_DATA, email: email ?? '' };
}

/** The test data as the API takes it, or the message of each field it refuses. */
export function checkTestData(
  values: TestDataValues,
): { ok: true; data: TestDashboardData } | { ok: false; errors: TestDataErrors } {
  const parsed = testDashboardDataSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: TestDataErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TestDataValues | undefined;
    if (!field || errors[field]) continue;
    errors[field] = field === 'email' ? 'Enter a valid e-mail address, or leave it blank' : issue.message;
  }
  return { ok: false, errors };
}

const FIELDS: { name: keyof TestDataValues; label: string; type?: string; autoComplete: string }[] = [
  { name: 'artistName', label: 'Artist name', autoComplete: 'off' },
  { name: 'releaseTitle', label: 'Release title', autoComplete: 'off' },
  { name: 'firstName', label: 'First name', autoComplete: 'off' },
  { name: 'surname', label: 'Surname', autoComplete: 'off' },
  { name: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
];

/** The spec's editable test data: what the item, the submission and the mails are made of. */
export function TestDataCard({
  values,
  errors,
  onChange,
}: {
  values: TestDataValues;
  errors: TestDataErrors;
  onChange(values: TestDataValues): void;
}) {
  return (
    <Paper
      component="section"
      aria-labelledby="test-data-heading"
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography id="test-data-heading" variant="h5" component="h2" sx={{ mb: 0.5 }}>
        Editable test data
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
        Used by the tests that create an item, a submission or a mail. A blank field takes its default; the
        e-mail defaults to your own address.
      </Typography>
      <Grid container spacing={2}>
        {FIELDS.map((field) => (
          <Grid key={field.name} size={{ xs: 12, sm: 6, md: field.name === 'email' ? 12 : 6, lg: 'grow' }}>
            <TextField
              label={field.label}
              name={field.name}
              type={field.type ?? 'text'}
              fullWidth
              size="small"
              value={values[field.name]}
              onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
              error={Boolean(errors[field.name])}
              helperText={errors[field.name]}
              autoComplete={field.autoComplete}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
          </Grid>
        ))}
      </Grid>
    </Paper>
  );
}
