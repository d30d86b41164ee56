import { useParams } from 'react-router';
import {
  isWellFormedToken,
  RETURNING_ARTIST_MESSAGES,
  RETURNING_LINK_FAILURE_MESSAGES,
} from '../../../domain';
import { tokenCheckMessage } from '../../api/invitations';
import { LinkInvalid } from './invitation/link-invalid';
import { LinkValidating } from './invitation/link-validating';
import { ReturningWelcome } from './returning/returning-welcome';
import { useReturningLink } from './returning/use-returning-link';
import { SubmissionWizard } from './wizard/submission-wizard';

/** The spinner's words while a returning-artist link is checked. */
export const RETURNING_VALIDATING_TITLE = 'Validating Your Link';

/**
 * A returning artist's personal link (spec 001 §2): valid 365 days and for any number of
 * releases; the form opens pre-filled from the artist's profile and last submission.
 */
export function ReturningArtistPage() {
  const { token = '' } = useParams();
  const link = useReturningLink(token);
  const malformed = !isWellFormedToken(token);
  if (malformed || link.isError) {
    return (
      <LinkInvalid
        eyebrow="Returning artist"
        title={RETURNING_ARTIST_MESSAGES.invalidTitle}
        message={
          malformed
            ? RETURNING_LINK_FAILURE_MESSAGES['wrong-format']
            : tokenCheckMessage(link.error, RETURNING_ARTIST_MESSAGES.invalidToken)
        }
      />
    );
  }
  if (link.isPending) return <LinkValidating title={RETURNING_VALIDATING_TITLE} />;
  return (
    <>
      <ReturningWelcome link={link.data} />
      <SubmissionWizard key={token} mode={{ kind: 'returning', token, prefill: link.data.prefill }} />
    </>
  );
}
