/**
 * Server messages of nudges and the head-to-head competition, spread into the catalogue of messages.ts: kept apart
 * so their texts live together.
 */
export const rivalryMessagesEn = {
  'errors.nudge_nobody': 'Nobody is missing bets for the next deadline',
  'errors.nudge_already': 'Everyone still missing bets for this deadline has already been nudged',
  'errors.head_to_head_off': 'This league has no head-to-head competition',
  'success.nudged': 'Nudge sent: {names}',
  'nudges.reached': '{name} ({channels})',
  'nudges.reached_in_app_only': '{name} (in Porra only: no push device, no reminder emails)',
  'nudges.channel_push': 'push',
  'nudges.channel_email': 'email',
  'nudges.channel_in_app': 'in Porra',
  'alerts.nudged_result_bets': '{owner} reminds you: {count} matches without a bet ({matchday})',
  'alerts.nudged_result_bets_one': '{owner} reminds you: 1 match without a bet ({matchday})',
  'nudges.push_title': '{owner} is waiting for your bets',
  'nudges.push_body': '{count} matches of {league} close at {deadline} (UTC) and you have not bet on them yet',
  'nudges.email_subject': 'Porra: {owner} reminds you to place your bets',
  'nudges.email_text': 'Hello {name},\n\n{owner}, who runs {league}, reminds you that {count} matches close at {deadline} (UTC) and you have not bet on them yet.\n\nPlace your bets here: {url}\n\nYou get this because your reminder emails are on; turn them off in your account settings.',
};

export const rivalryMessagesEs: Record<keyof typeof rivalryMessagesEn, string> = {
  'errors.nudge_nobody': 'No falta nadie por apostar antes del próximo cierre',
  'errors.nudge_already': 'Ya se ha avisado a todos los que aún no han apostado antes de este cierre',
  'errors.head_to_head_off': 'Esta liga no tiene competición cara a cara',
  'success.nudged': 'Aviso enviado: {names}',
  'nudges.reached': '{name} ({channels})',
  'nudges.reached_in_app_only': '{name} (solo en Porra: sin dispositivo push ni recordatorios por correo)',
  'nudges.channel_push': 'push',
  'nudges.channel_email': 'correo',
  'nudges.channel_in_app': 'en Porra',
  'alerts.nudged_result_bets': '{owner} te recuerda: {count} partidos sin apuesta ({matchday})',
  'alerts.nudged_result_bets_one': '{owner} te recuerda: 1 partido sin apuesta ({matchday})',
  'nudges.push_title': '{owner} está esperando tus apuestas',
  'nudges.push_body': '{count} partidos de {league} cierran el {deadline} (UTC) y aún no has apostado',
  'nudges.email_subject': 'Porra: {owner} te recuerda que hagas tus apuestas',
  'nudges.email_text': 'Hola {name}:\n\n{owner}, que organiza {league}, te recuerda que {count} partidos cierran el {deadline} (UTC) y aún no has apostado.\n\nHaz tus apuestas aquí: {url}\n\nRecibes este correo porque tienes activados los recordatorios por correo; puedes desactivarlos en los ajustes de tu cuenta.',
};
