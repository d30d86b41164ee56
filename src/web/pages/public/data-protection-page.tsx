import { LegalPage, MailLink, RetentionTable } from '../../components/legal-page';
import { mailbox, usePublicConfig } from '../../config';

export function DataProtectionPage() {
  const { labelName, contactEmail } = usePublicConfig();
  const dataProtection = mailbox('dataprotection', contactEmail);

  return (
    <LegalPage
      title="Data Protection"
      intro={`How ${labelName} protects the personal data and music you trust us with, and how to exercise your rights.`}
    >
      <h2>1. Our commitment</h2>
      <p>
        We handle personal data in line with the UK General Data Protection Regulation and the Data Protection
        Act 2018: only for clear purposes, no more than we need, accurate, kept no longer than necessary, and
        secure.
      </p>

      <h2>2. How we protect your data</h2>
      <ul>
        <li>Every connection to the portal is encrypted.</li>
        <li>Only the members of our team who need your data to do their work can see it.</li>
        <li>
          Your files are stored under generated names, away from the public site, and can only be opened
          through links that expire.
        </li>
        <li>
          Sign-in, invitation and returning-artist links expire, and we store only fingerprints of them.
        </li>
      </ul>

      <h2>3. Retention</h2>
      <RetentionTable />

      <h2>4. Your rights and how to use them</h2>
      <p>
        You have the right to access your data, to have it corrected or deleted, to restrict or object to its
        use, and to receive it in a portable format. Send your request to{' '}
        <MailLink address={dataProtection} />. We answer data requests within 30 days, and we may ask you to
        confirm your identity first.
      </p>

      <h2>5. If something goes wrong</h2>
      <p>
        If a breach of personal data happens, we act at once to contain it, tell the Information
        Commissioner's Office where the law requires, and tell you without delay if it puts your rights at
        high risk.
      </p>

      <h2>6. Children</h2>
      <p>Our services are not for users under 16.</p>

      <h2>7. Contact and complaints</h2>
      <p>
        Our data protection contact is <MailLink address={dataProtection} />. If you are unhappy with how we
        handle your data, you can also complain to the Information Commissioner's Office (ICO).
      </p>
    </LegalPage>
  );
}
