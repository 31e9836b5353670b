import { POST_MAX_LENGTH } from '../../../shared/api/routes/leagueBoard';
import { badRequest } from '../../platform/errors/errors';

/**
 * A post's text as stored: trimmed, 1 to POST_MAX_LENGTH characters (code points, so an emoji counts once), control
 * characters other than line breaks and tabs removed. It stays plain text: the client shows it as text.
 */
export function cleanPostText(text: string): string {
  const cleaned = text.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '').trim();
  const length = [...cleaned].length;
  if (length < 1 || length > POST_MAX_LENGTH) throw badRequest('errors.post_text_length', { max: POST_MAX_LENGTH });
  return cleaned;
}
