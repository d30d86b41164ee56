import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { LegalPage, MailLink, RetentionTable } from '../../components/legal-page';
import { mailbox, usePublicConfig } from '../../config';

export function PrivacyPolicyPage() {
  const { labelName, contactEmail } = usePublicConfig();
  const privacy = mailbox('privacy', contactEmail);

  return (
    <LegalPage
      title="Privacy Policy"
      intro={`What personal data ${labelName} collects when you use the portal, why, how long we keep it, and your rights.`}
    >
      <h2>1. Who we are</h2>
      <p>
        {labelName} is the controller of the personal data described here. You can reach us about anything in
        this policy at <MailLink address={privacy} />.
      </p>

      <h2>2. What we collect</h2>
      <ul>
        <li>
          <strong>Your details:</strong> name, artist name, e-mail address, phone number, country and city,
          your social media and streaming profiles, and links to your music.
        </li>
        <li>
          <strong>Your submission:</strong> audio files and artwork, release details, lyrics, contributors and
          royalty splits, your biography and influences, and a PRO or PPL number if you give one.
        </li>
        <li>
          <strong>Account data:</strong> your sign-in e-mail, profile and the history of your submissions and
          agreements.
        </li>
        <li>
          <strong>Technical data:</strong> signals we use to tell people from automated submissions, error
          reports, and page performance measurements.
        </li>
        <li>
          <strong>Communications:</strong> messages you send to us and our replies.
        </li>
      </ul>

      <h2>3. Why we use it</h2>
      <ul>
        <li>
          To review your submission and contact you about it (steps you ask us to take before an agreement).
        </li>
        <li>
          To prepare, sign and carry out an agreement with you, and to release and distribute your music.
        </li>
        <li>To keep the portal secure and working, and to improve it (our legitimate interests).</li>
        <li>To keep records the law requires of us, such as payment records.</li>
      </ul>

      <h2>4. Who we share it with</h2>
      <p>
        We share personal data only with the service providers that run the portal for us (hosting, file
        storage and e-mail), and, once we work together, with the stores and services that distribute your
        music and with your previous distributor for a catalogue transfer. We never sell your data.
      </p>

      <h2>5. How long we keep it</h2>
      <RetentionTable />
      <p>After these periods we delete the data or make it anonymous.</p>

      <h2>6. Your rights</h2>
      <p>
        You may ask for a copy of your data, ask us to correct or delete it, to restrict or stop using it, or
        to send it to you or another service in a portable format. Write to <MailLink address={privacy} />. We
        answer data requests within 30 days. You may also complain to the Information Commissioner's Office
        (ICO).
      </p>

      <h2>7. Children</h2>
      <p>
        Our services are not for users under 16, and we do not knowingly collect data from anyone under 16. If
        you believe we have, please tell us and we will delete it.
      </p>

      <h2>8. Cookies and security</h2>
      <p>
        How we use cookies is described in our{' '}
        <Link component={RouterLink} to="/cookie-policy">
          Cookie Policy
        </Link>
        , and how we protect your data in{' '}
        <Link component={RouterLink} to="/data-protection">
          Data Protection
        </Link>
        .
      </p>

      <h2>9. Changes</h2>
      <p>We may update this policy; the date at the top of the page shows when it last changed.</p>
    </LegalPage>
  );
}
