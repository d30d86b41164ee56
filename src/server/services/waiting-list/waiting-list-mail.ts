import { WAITING_LIST_REVIEW_PROMISE, type WaitingListPayload } from '../../../domain';
import { escapeHtml } from '../../../domain/display/escape-html';
import type { AppConfig } from '../../config';
import type { ComposedMail } from '../../providers/mail/mail';

type Entry = WaitingListPayload['artistData'];

/** The entry's fields as label/value rows, in the form's order; blank optional ones left out. */
function entryRows(entry: Entry): [string, string][] {
  const rows: [string, string | undefined][] = [
    ['Artist name', entry.artistName],
    ['Name', `${entry.firstName} ${entry.surname}`],
    ['Email', entry.email],
    ['Phone', entry.phone],
    ['Location', `${entry.city}, ${entry.country}`],
    ['Spotify', entry.spotifyProfile],
    ['Instagram', entry.instagramProfile],
    ['TikTok', entry.tiktokProfile],
    ['Listen link', entry.listenLink],
    ['About the project', entry.projectDescription],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

const htmlStart =
  '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1a2e;line-height:1.5">';

function htmlTable(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;vertical-align:top;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse">${cells}</table>`;
}

/** To the artist: they are on the list, and when to expect an answer (spec 001 §9: 7-10 days). */
export function composeWaitingListConfirmation(config: AppConfig, entry: Entry): ComposedMail {
  const label = config.label.name;
  const text = [
    `Hi ${entry.firstName},`,
    '',
    `Thank you for joining the ${label} waiting list as ${entry.artistName}.`,
    `We'll listen to your music and get back to you within ${WAITING_LIST_REVIEW_PROMISE}.`,
    '',
    'What you sent us:',
    ...entryRows(entry).map(([name, value]) => `${name}: ${value}`),
    '',
    `Questions? Write to ${config.label.contactEmail}.`,
  ].join('\n');
  const html = `${htmlStart}
<h1 style="font-size:20px">You're on the ${escapeHtml(label)} waiting list</h1>
<p>Hi ${escapeHtml(entry.firstName)},</p>
<p>Thank you for joining the ${escapeHtml(label)} waiting list as <strong>${escapeHtml(entry.artistName)}</strong>. We'll listen to your music and get back to you within ${WAITING_LIST_REVIEW_PROMISE}.</p>
<p>What you sent us:</p>
${htmlTable(entryRows(entry))}
<p style="color:#555">Questions? Write to <a href="mailto:${escapeHtml(config.label.contactEmail)}">${escapeHtml(config.label.contactEmail)}</a>.</p>
</body></html>`;
  return {
    kind: 'transactional',
    to: entry.email,
    subject: `You're on the ${label} waiting list`,
    text,
    html,
    replyTo: config.label.contactEmail,
  };
}

/** To one staff member: a new entry to listen to; replying reaches the artist. */
export function composeWaitingListStaffNotice(to: string, entry: Entry, itemId: string): ComposedMail {
  const text = [
    `${entry.artistName} joined the waiting list.`,
    '',
    ...entryRows(entry).map(([name, value]) => `${name}: ${value}`),
    '',
    `Entry ${itemId}. Reply to this e-mail to write to the artist.`,
  ].join('\n');
  const html = `${htmlStart}
<h1 style="font-size:20px">${escapeHtml(entry.artistName)} joined the waiting list</h1>
${htmlTable(entryRows(entry))}
${/^https?:\/\//i.test(entry.listenLink) ? `<p><a href="${escapeHtml(entry.listenLink)}">Listen</a></p>` : ''}
<p style="color:#555">Entry ${escapeHtml(itemId)}. Reply to this e-mail to write to the artist.</p>
</body></html>`;
  return {
    kind: 'notices',
    to,
    subject: `New waiting-list entry: ${entry.artistName}`,
    text,
    html,
    replyTo: entry.email,
  };
}
