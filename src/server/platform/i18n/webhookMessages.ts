/**
 * Server messages of league webhooks (answers, chat texts, the email telling an owner a hook was switched off),
 * spread into the catalogue of messages.ts: kept apart so their texts live together.
 */
export const webhookMessagesEn = {
  'errors.webhook_not_found': 'The webhook does not exist in this league',
  'errors.webhook_limit': 'A league can have at most 5 webhooks: remove one first',
  'validation.webhook_url_refused': 'must be an address on the public internet that the server can reach',
  'errors.webhook_backlog': 'This webhook already has {count} messages waiting to be sent: wait for them, or remove the webhook and add it again',
  'success.webhook_created': 'Webhook added: copy its secret now, it will not be shown again',
  'success.webhook_deleted': 'Webhook removed',
  'success.webhook_test_queued': 'Test message on its way: its delivery shows below in a few seconds',
  'webhooks.result': '{league}: {home} {home_goals}-{away_goals} {away} ({matchday})',
  'webhooks.top': 'Top {count}: {places}',
  'webhooks.matchday_winners': '{league}, {matchday}: won by {names} with {points} points',
  'webhooks.matchday_no_winner': '{league}, {matchday}: all matches played and nobody scored',
  'webhooks.bets_shown': '{league}: bets are closed for {home} - {away}. {bets} bets: home {home_count}, draw {draw_count}, away {away_count}',
  'webhooks.pinned_post': '{league}: post by {author} pinned: {text}',
  'webhooks.test': '{league}: test message from Porra. This chat is connected.',
  'webhooks.disabled_subject': 'Porra: a webhook of {league} was switched off',
  'webhooks.disabled_text': 'Hello {name},\n\nThe webhook of {league} to {host} has failed for 24 hours, so it has been switched off and sends nothing more.\n\nCheck the address, then send a test from the league\'s settings to switch it on again: {url}',
};

export const webhookMessagesEs: Record<keyof typeof webhookMessagesEn, string> = {
  'errors.webhook_not_found': 'Ese webhook no existe en esta liga',
  'errors.webhook_limit': 'Una liga puede tener como mucho 5 webhooks: elimina uno antes',
  'validation.webhook_url_refused': 'tiene que ser una dirección de internet pública a la que el servidor pueda llegar',
  'errors.webhook_backlog': 'Este webhook ya tiene {count} mensajes esperando a enviarse: espera a que salgan, o elimina el webhook y añádelo de nuevo',
  'success.webhook_created': 'Webhook añadido: copia ahora su secreto, no se volverá a mostrar',
  'success.webhook_deleted': 'Webhook eliminado',
  'success.webhook_test_queued': 'Mensaje de prueba en camino: su envío aparecerá abajo en unos segundos',
  'webhooks.result': '{league}: {home} {home_goals}-{away_goals} {away} ({matchday})',
  'webhooks.top': 'Los {count} primeros: {places}',
  'webhooks.matchday_winners': '{league}, {matchday}: gana {names} con {points} puntos',
  'webhooks.matchday_no_winner': '{league}, {matchday}: jugados todos los partidos, nadie ha puntuado',
  'webhooks.bets_shown': '{league}: cerradas las apuestas de {home} - {away}. {bets} apuestas: local {home_count}, empate {draw_count}, visitante {away_count}',
  'webhooks.pinned_post': '{league}: mensaje de {author} fijado: {text}',
  'webhooks.test': '{league}: mensaje de prueba de Porra. Este chat está conectado.',
  'webhooks.disabled_subject': 'Porra: se ha desactivado un webhook de {league}',
  'webhooks.disabled_text': 'Hola, {name}:\n\nEl webhook de {league} a {host} lleva 24 horas fallando, así que se ha desactivado y ya no envía nada.\n\nRevisa la dirección y envía una prueba desde los ajustes de la liga para volver a activarlo: {url}',
};
