import { LegalPage, MailLink } from '../../components/legal-page';
import { mailbox, usePublicConfig } from '../../config';

export function CookiePolicyPage() {
  const { labelName, contactEmail } = usePublicConfig();
  const privacy = mailbox('privacy', contactEmail);

  return (
    <LegalPage
      title="Cookie Policy"
      intro={`Which cookies and browser storage the ${labelName} portal uses, and why.`}
    >
      <h2>1. What cookies are</h2>
      <p>
        Cookies are small files a website stores in your browser. Browser storage works in a similar way and
        keeps small pieces of information on your device.
      </p>

      <h2>2. The cookies we use</h2>
      <p>We use only the cookies the portal needs to work:</p>
      <ul>
        <li>
          <strong>Session cookie:</strong> keeps you signed in to your artist account. It cannot be read by
          scripts on the page, is only sent over secure connections, and ends when you sign out or after a
          period without activity.
        </li>
        <li>
          <strong>Security:</strong> information that protects forms against misuse and automated submissions.
        </li>
      </ul>
      <p>
        We also use your browser's storage to remember small choices for the current browsing session, such as
        having dismissed the beta notice.
      </p>

      <h2>3. What we do not use</h2>
      <p>
        We do not use advertising cookies, and we do not let third parties track you on the portal. We measure
        page performance and errors ourselves, to keep the portal fast and working; this information is not
        shared with advertisers.
      </p>

      <h2>4. Managing cookies</h2>
      <p>
        You can block or delete cookies in your browser's settings. Because we only use cookies the portal
        needs, blocking them means you cannot stay signed in.
      </p>

      <h2>5. Contact</h2>
      <p>
        Questions about cookies: <MailLink address={privacy} />.
      </p>
    </LegalPage>
  );
}
