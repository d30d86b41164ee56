import type { UserRole } from '../auth/auth-rules';

/**
 * What kind of mail a message is. Every composed mail names one (the server's `ComposedMail`), and
 * the kind decides whether its recipient may turn it off:
 * - `sign_in`: the sign-in link and code, asked for by the reader;
 * - `legal`: the agreement and a release's schedule to sign, the sealed copies of what was signed;
 * - `transactional`: answers to what the reader did or asked for (the confirmation of their own
 *   submission or waiting-list entry, staff's decisions and change requests on it, a personal
 *   invitation);
 * - `reminders`: deadline reminders of the release planner, to the artist and the assigned reviewer;
 * - `notices`: news for staff about what others did (a new submission, changes sent back, release
 *   details submitted, a waiting-list entry, an agreement declined).
 * Only reminders and notices can be turned off (RFC 8058 one-click, or the profile); the others
 * always go, since the reader needs them to sign in, to sign, or to follow their own submission.
 */
export const MAIL_KINDS = ['sign_in', 'legal', 'transactional', 'reminders', 'notices'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** The kinds a recipient may turn off; each carries List-Unsubscribe (RFC 2369, RFC 8058). */
export const UNSUBSCRIBABLE_MAIL_KINDS = ['reminders', 'notices'] as const;
export type UnsubscribableMailKind = (typeof UNSUBSCRIBABLE_MAIL_KINDS)[number];

export function isUnsubscribableMailKind(kind: string): kind is UnsubscribableMailKind {
  return (UNSUBSCRIBABLE_MAIL_KINDS as readonly string[]).includes(kind);
}

/** Who receives which of them: artists get reminders only, staff reminders (as reviewer) and notices. */
export function unsubscribableMailKindsFor(role: UserRole): readonly UnsubscribableMailKind[] {
  return role === 'staff' ? UNSUBSCRIBABLE_MAIL_KINDS : ['reminders'];
}

/** How each kind is named where a person switches it (the profile, the unsubscribe page). */
export const MAIL_KIND_WORDS: Record<UnsubscribableMailKind, { title: string; description: string }> = {
  reminders: {
    title: 'Deadline reminders',
    description: "A few days before a release's delivery or pitch deadline.",
  },
  notices: {
    title: 'Staff notices',
    description:
      'New submissions, changes sent back, release details submitted, waiting-list entries and declined agreements.',
  },
};

/** Where a kind was last switched: the link of a mail (one-click or its page), or the profile. */
export const MAIL_PREFERENCE_SOURCES = ['one_click', 'profile'] as const;
export type MailPreferenceSource = (typeof MAIL_PREFERENCE_SOURCES)[number];

/** The body RFC 8058 §3.1 has a mail receiver POST to the List-Unsubscribe URI. */
export const ONE_CLICK_FIELD = 'List-Unsubscribe';
export const ONE_CLICK_VALUE = 'One-Click';

/** The line under a reminder or notice, before its link. */
export const UNSUBSCRIBE_LINE = 'Turn these mails off:';

export const MAIL_PREFERENCE_MESSAGES = {
  invalidLink:
    'This unsubscribe link is not valid. Copy the whole link from the e-mail, or switch these mails off on your profile page.',
  notOneClick: 'Send List-Unsubscribe=One-Click to turn these mails off.',
  unknownKind: 'Choose reminders or notices.',
  enabledRequired: 'Say whether these mails are on (true) or off (false).',
  notYours: 'You do not get this kind of mail.',
} as const;
