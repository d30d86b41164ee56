import { useParams } from 'react-router';
import { INVITATION_MESSAGES, isWellFormedToken } from '../../../domain';
import { tokenCheckMessage } from '../../api/invitations';
import { InvitationWelcome } from './invitation/invitation-welcome';
import { LinkInvalid } from './invitation/link-invalid';
import { LinkValidating } from './invitation/link-validating';
import { useInvitation } from './invitation/use-invitation';
import { SubmissionWizard } from './wizard/submission-wizard';

/**
 * An invited artist's personal link (spec 001 §2): the link is checked, then the full form opens
 * with what the label already knows filled in, and the submission is tied to the invitation.
 */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  // The server says the same of a token that cannot be one; no need to ask it.
  if (!isWellFormedToken(token) || invitation.isError) {
    return (
      <LinkInvalid
        eyebrow="Invitation"
        title={INVITATION_MESSAGES.invalidTitle}
        message={tokenCheckMessage(invitation.error, INVITATION_MESSAGES.invalidLink)}
      />
    );
  }
  if (invitation.isPending) return <LinkValidating title={INVITATION_MESSAGES.validatingTitle} />;
  const { artistName, itemId, prefill } = invitation.data;
  return (
    <>
      <InvitationWelcome artistName={artistName} itemId={itemId} />
      <SubmissionWizard key={token} mode={{ kind: 'invitation', token, prefill }} />
    </>
  );
}
