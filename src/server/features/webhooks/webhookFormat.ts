import { createHmac } from 'node:crypto';
import type { Locale } from '../../../shared/domain/locales';
import { localPlaceholder, matchdayName } from '../../../shared/domain/matchNames';
import { translate } from '../../platform/i18n/messages';
import type { DueDelivery } from './webhooksRepository';

/** The JSON body a generic hook receives: receivers deduplicate by `id` (also sent as X-Porra-Delivery). */
interface JsonEvent { event: string; league: { id: number; name: string }; data: unknown; id: number; created_at: string }

/** `sha256=<hex>`: the HMAC-SHA256 of the raw body with the hook's secret. */
const signature = (secret: string, body: Buffer | string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

type Data = Record<string, any>;

/** A side of a match as chat shows it: a team not known yet in words ("Winner of match 49"), a team as it is. */
const side = (locale: Locale, name: unknown) => localPlaceholder(String(name ?? ''), locale);

/**
 * A matchday as chat names it: a knockout one by its round ("Semifinales"), any other by number ("Jornada 19"); an
 * event queued before events carried their round goes by number.
 */
const matchdayOf = (locale: Locale, data: Data) => {
  const roundId = typeof data.round_id === 'number' ? data.round_id : null;
  const days: unknown[] = Array.isArray(data.round_matchdays) ? data.round_matchdays : [];
  const rounds = roundId === null ? [] : days.filter((day) => typeof day === 'number').map((day) => ({ matchday: day as number, round_id: roundId }));
  return matchdayName(Number(data.matchday), rounds, locale);
};

/** One line of chat text for an event, in the league owner's language. */
export function chatText(locale: Locale, event: string, league: string, data: Data): string {
  switch (event) {
    case 'result': {
      const m = data.match as Data;
      const top = (data.top as Data[]).map((p) => `${p.rank}. ${p.name} ${p.points}`).join(', ');
      const line = translate(locale, 'webhooks.result', { league, home: side(locale, m.home), away: side(locale, m.away), home_goals: m.home_goals, away_goals: m.away_goals, matchday: matchdayOf(locale, m) });
      return top ? `${line}\n${translate(locale, 'webhooks.top', { count: (data.top as Data[]).length, places: top })}` : line;
    }
    case 'matchday_winners':
      return (data.winners as Data[]).length === 0
        ? translate(locale, 'webhooks.matchday_no_winner', { league, matchday: matchdayOf(locale, data) })
        : translate(locale, 'webhooks.matchday_winners', { league, matchday: matchdayOf(locale, data), points: data.points, names: (data.winners as Data[]).map((w) => w.name).join(', ') });
    case 'bets_shown':
      return translate(locale, 'webhooks.bets_shown', {
        league, home: side(locale, data.match.home), away: side(locale, data.match.away), bets: data.split.bets, home_count: data.split.home, draw_count: data.split.draw, away_count: data.split.away,
      });
    case 'pinned_post':
      return translate(locale, 'webhooks.pinned_post', { league, author: data.author ?? '', text: String(data.text ?? '').slice(0, 500) });
    default:
      return translate(locale, 'webhooks.test', { league });
  }
}

/**
 * What a delivery sends to its hook: Discord `{content}`, Slack `{text}`, a Teams workflow an Adaptive Card message,
 * and a generic hook the event itself, signed. Every kind carries X-Porra-Delivery.
 */
export function deliveryRequest(delivery: DueDelivery): { body: Buffer; headers: Record<string, string> } {
  const data = JSON.parse(delivery.payload) as Data;
  const locale: Locale = delivery.owner_locale === 'es' ? 'es' : 'en';
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Porra-Webhooks/1', 'x-porra-delivery': String(delivery.id) };
  let message: unknown;
  if (delivery.kind === 'json') {
    const event: JsonEvent = {
      event: delivery.event, league: { id: delivery.league_id, name: delivery.league_name }, data, id: delivery.id,
      created_at: new Date(delivery.created_at).toISOString(),
    };
    message = event;
  } else {
    const text = chatText(locale, delivery.event, delivery.league_name, data);
    if (delivery.kind === 'discord') message = { content: text.slice(0, 2000) };
    else if (delivery.kind === 'slack') message = { text };
    else {
      message = {
        type: 'message',
        attachments: [{
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: { $schema: 'http://adaptivecards.io/schemas/adaptive-card.json', type: 'AdaptiveCard', version: '1.4', body: [{ type: 'TextBlock', text, wrap: true }] },
        }],
      };
    }
  }
  const body = Buffer.from(JSON.stringify(message));
  if (delivery.kind === 'json') headers['x-porra-signature'] = signature(delivery.secret, body);
  return { body, headers };
}
