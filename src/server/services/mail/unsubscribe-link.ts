import { UNSUBSCRIBE_LINE } from '../../../domain';
import { escapeHtml } from '../../../domain/display/escape-html';
import type { MailMessage } from '../../providers/mail/mail';

/**
 * A reminder or notice with its way out: the List-Unsubscribe headers (the provider writes them
 * from `unsubscribeUrl`) and a last line in the text and HTML bodies for mail clients that show no
 * unsubscribe button. The line goes inside the HTML document when the mail is one.
 */
export function withUnsubscribeLink<M extends MailMessage>(message: M, url: string): M {
  const text = `${message.text.replace(/\s+$/, '')}\n\n${UNSUBSCRIBE_LINE} ${url}`;
  const paragraph = `<p style="color:#555;font-size:13px">${escapeHtml(UNSUBSCRIBE_LINE)} <a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  const html =
    message.html === undefined
      ? undefined
      : /<\/body>/i.test(message.html)
        ? message.html.replace(/<\/body>/i, () => `${paragraph}\n</body>`)
        : `${message.html}\n${paragraph}`;
  return { ...message, text, ...(html !== undefined ? { html } : {}), unsubscribeUrl: url };
}
