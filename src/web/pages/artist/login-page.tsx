import { PageHeader } from '../../components/page-header';

/** Artist sign-in (spec 000 §2). */
export function LoginPage() {
  return (
    <PageHeader
      eyebrow="Artists"
      title="Sign in"
      intro="Artists sign in here with a link or a 6-digit code sent to their e-mail address."
    />
  );
}
