import { translate } from '../../platform/i18n/messages';
import type { Email } from '../../platform/mail/mailer';
import type { Locale } from '../../../shared/domain/locales';

interface InvitationEmailVars {
  inviter: string; league: string; competition: string; email: string; link: string;
  /** The inviter's own words, if any. */
  note: string | null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** Names go into a subject line: one line, no control characters. */
const oneLine = (text: string): string => text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/** Paragraphs (blank-line separated) of already escaped text; single line breaks kept. */
const paragraphs = (escaped: string): string =>
  escaped.split(/\n{2,}/).map((p) => `<p>${p.replace(/\n/g, '<br>')}</p>`).join('\n');

/** One language's part of the invitation: its plain text and its HTML paragraphs. */
function part(locale: Locale, vars: InvitationEmailVars) {
  const { note: rawNote, ...rest } = vars;
  const plain = { ...rest, inviter: oneLine(vars.inviter), league: oneLine(vars.league) };
  const noteText = (note: string, inviter: string) => translate(locale, 'mail.invitation_note', { inviter, note });
  const text = translate(locale, 'mail.invitation_text', plain) + (rawNote ? `\n\n${noteText(rawNote, plain.inviter)}` : '');

  const linkMarker = '\u0000link\u0000';
  const escaped = Object.fromEntries(Object.entries(plain).map(([key, value]) => [key, escapeHtml(value)]));
  const body = translate(locale, 'mail.invitation_text', { ...escaped, link: linkMarker })
    .replace(linkMarker, `<a href="${escapeHtml(vars.link)}">${escapeHtml(vars.link)}</a>`);
  const note = rawNote ? `\n<blockquote>${paragraphs(noteText(escapeHtml(rawNote), escaped.inviter))}</blockquote>` : '';
  return { subject: translate(locale, 'mail.invitation_subject', plain), text, html: `<div lang="${locale}">\n${paragraphs(body)}${note}\n</div>` };
}

/**
 * The invitation email as plain text and HTML, in each of `locales` in turn: the invitee's language when their
 * account has one, else both (nobody knows which one a new address reads). Everything the inviter typed (their name,
 * the league's name, the note) is escaped in the HTML part, so it shows as typed and never becomes markup or a link;
 * the only link is the join link the server built.
 */
export function invitationEmail(locales: readonly [Locale, ...Locale[]], to: string, vars: InvitationEmailVars): Email {
  const parts = locales.map((locale) => part(locale, vars));
  return {
    to,
    subject: parts.map((p) => p.subject).join(' · '),
    text: parts.map((p) => p.text).join('\n\n——\n\n'),
    html: `<!doctype html>\n<html lang="${locales[0]}"><body>\n${parts.map((p) => p.html).join('\n<hr>\n')}\n</body></html>\n`,
  };
}
