import { LegalPage, MailLink } from '../../components/legal-page';
import { mailbox, usePublicConfig } from '../../config';

export function TermsOfServicePage() {
  const { labelName, contactEmail, reviewPromise } = usePublicConfig();
  const legal = mailbox('legal', contactEmail);

  return (
    <LegalPage
      title="Terms of Service"
      intro={`The rules for using the ${labelName} portal: submitting music, personal links and your account.`}
    >
      <h2>1. About these terms</h2>
      <p>
        These terms apply to everyone who uses the {labelName} portal, whether you submit music, follow a
        submission or sign in to your artist account. By using the portal you agree to them. If you do not
        agree, please do not use the portal.
      </p>

      <h2>2. Who may use the portal</h2>
      <p>
        Our services are not for users under 16. By using the portal you confirm that you are 16 or older and
        that the details you give us are true and your own.
      </p>

      <h2>3. Submitting music</h2>
      <ul>
        <li>You may submit new music, a transfer of releases you already distribute elsewhere, or both.</li>
        <li>
          You confirm that you own or control the rights in everything you submit (recordings, compositions,
          artwork and lyrics), and that everyone who contributed has agreed to the submission and to the
          splits you give us.
        </li>
        <li>
          You give us permission to store, copy and listen to your submission, and to share it within our
          team, for the sole purpose of reviewing it and talking to you about it.
        </li>
        <li>
          A submission is not an agreement. We review every submission within {reviewPromise}, and we are not
          obliged to accept any of them. If your music is a fit, we reach out to you directly and send you
          terms; nothing is released until you have signed an agreement with us.
        </li>
      </ul>

      <h2>4. Personal links and your account</h2>
      <p>
        Invitation links, returning-artist links and sign-in links are personal. Keep them to yourself: anyone
        with the link can use it. A returning-artist link is valid for 365 days. Tell us straight away at{' '}
        <MailLink address={contactEmail} /> if you think someone else has used one of your links or your
        account.
      </p>

      <h2>5. Acceptable use</h2>
      <p>You must not use the portal to:</p>
      <ul>
        <li>
          submit material you do not have the rights to, or that is unlawful, hateful or infringes anyone's
          rights;
        </li>
        <li>submit automatically or in bulk, or get around our protection against automated submissions;</li>
        <li>try to reach data that is not yours, or disrupt, probe or overload the portal.</li>
      </ul>
      <p>We may remove submissions and close accounts that break these rules.</p>

      <h2>6. The portal is in beta</h2>
      <p>
        We are still building parts of the portal. Features may change, and the portal may sometimes be
        unavailable. We take care to keep your submissions safe, but please keep your own copies of your
        files.
      </p>

      <h2>7. Our liability</h2>
      <p>
        We provide the portal with reasonable care and skill. To the extent the law allows, we are not liable
        for losses that were not foreseeable, or for losses caused by events outside our reasonable control.
        Nothing in these terms limits liability that cannot be limited by law.
      </p>

      <h2>8. Disputes and governing law</h2>
      <p>
        These terms are governed by the law of the United Kingdom. If a dispute arises, please contact us
        first so that we can try to resolve it together. Disputes that we cannot resolve that way go to
        arbitration under UK law.
      </p>

      <h2>9. Changes to these terms</h2>
      <p>
        We may update these terms. The date at the top of this page shows when they last changed; the version
        in force when you submit applies to that submission.
      </p>

      <h2>10. Contact</h2>
      <p>
        Questions about these terms: <MailLink address={legal} />.
      </p>
    </LegalPage>
  );
}
