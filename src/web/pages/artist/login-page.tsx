import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  accountEmailSchema,
  getHomePath,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_LINK_LIFETIME_MINUTES,
  toSafeReturnPath,
  verifyCodeRequestSchema,
} from '../../../domain';
import { useCurrentUser, useRequestSignIn, useVerifySignInCode } from '../../api/auth';
import { PageHeader } from '../../components/page-header';

/**
 * Sign-in by e-mail (design.md §1): the address gets a link for this device and a code for
 * another one. The same screen serves artists and staff; the first sign-in makes the account.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = toSafeReturnPath(params.get('returnTo'));
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const requestSignIn = useRequestSignIn();
  const verifyCode = useVerifySignInCode();

  if (user && !verifyCode.isSuccess) return <Navigate to={returnTo ?? getHomePath(user.role)} replace />;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = accountEmailSchema.safeParse(email);
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message);
      return;
    }
    setEmailError(undefined);
    requestSignIn.mutate(
      { email: parsed.data, ...(returnTo ? { returnTo } : {}) },
      { onSuccess: () => setSentTo(parsed.data) },
    );
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    const parsed = verifyCodeRequestSchema.safeParse({ email: sentTo, code });
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    verifyCode.mutate(parsed.data, {
      onSuccess: (result) => navigate(result.redirectTo, { replace: true }),
    });
  };

  return (
    <>
      <PageHeader
        eyebrow="Artists and label staff"
        title="Sign in"
        intro="No password needed: we e-mail you a sign-in link, and a code for signing in on another device."
      />
      <Container sx={{ py: { xs: 5, md: 8 } }}>
        <Paper variant="outlined" sx={{ maxWidth: 520, p: { xs: 3, md: 4 } }}>
          {!sentTo ? (
            <Box component="form" noValidate onSubmit={send}>
              <Stack spacing={3}>
                <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
                  Your e-mail address
                </Typography>
                {requestSignIn.isError && <Alert severity="error">{requestSignIn.error.message}</Alert>}
                <TextField
                  label="E-mail address"
                  type="email"
                  name="email"
                  autoComplete="email"
                  autoFocus
                  required
                  fullWidth
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  error={Boolean(emailError)}
                  helperText={emailError ?? 'Use the address you submitted your music with.'}
                />
                <Button type="submit" variant="contained" size="large" loading={requestSignIn.isPending}>
                  Email me a sign-in link
                </Button>
              </Stack>
            </Box>
          ) : (
            <Box component="form" noValidate onSubmit={submitCode}>
              <Stack spacing={3}>
                <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
                  Check your e-mail
                </Typography>
                <Alert severity="success" role="status">
                  {requestSignIn.data?.message}
                </Alert>
                <Typography>
                  Open the link on this device, or enter the {SIGN_IN_CODE_LENGTH}-digit code from the e-mail
                  here.
                </Typography>
                {verifyCode.isError && <Alert severity="error">{verifyCode.error.message}</Alert>}
                <TextField
                  label={`${SIGN_IN_CODE_LENGTH}-digit code`}
                  name="code"
                  autoComplete="one-time-code"
                  required
                  value={code}
                  onChange={(event) =>
                    setCode(event.target.value.replace(/\D/g, '').slice(0, SIGN_IN_CODE_LENGTH))
                  }
                  error={Boolean(codeError)}
                  helperText={codeError ?? `The code works for ${SIGN_IN_LINK_LIFETIME_MINUTES} minutes.`}
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: SIGN_IN_CODE_LENGTH },
                  }}
                  sx={{ maxWidth: 240, '& input': { letterSpacing: '0.3em', fontSize: '1.25rem' } }}
                />
                <Button type="submit" variant="contained" size="large" loading={verifyCode.isPending}>
                  Sign in
                </Button>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Nothing arrived? Check your spam folder, or{' '}
                  <Link
                    component="button"
                    type="button"
                    onClick={() => send()}
                    sx={{ verticalAlign: 'baseline' }}
                  >
                    send a new e-mail
                  </Link>{' '}
                  or{' '}
                  <Link
                    component="button"
                    type="button"
                    sx={{ verticalAlign: 'baseline' }}
                    onClick={() => {
                      setSentTo(undefined);
                      setCode('');
                      verifyCode.reset();
                      requestSignIn.reset();
                    }}
                  >
                    use a different address
                  </Link>
                  .
                </Typography>
              </Stack>
            </Box>
          )}
        </Paper>
      </Container>
    </>
  );
}
