/**
 * Server messages of crowd-quote scoring and of what a league bet, spread into the catalogue of messages.ts.
 */
export const crowdMessagesEn = {
  'scoring.preset.quote': 'Crowd quote: a right tendency earns more the fewer members saw it coming',
  'points.quote': '{right} of {bets} said {outcome}: {points} points',
  'points.outcome.home': 'home win',
  'points.outcome.draw': 'draw',
  'points.outcome.away': 'away win',
  'errors.distribution_hidden': "The league's bets here are not shown yet: how the league bet appears after the deadline",
} as const;

export const crowdMessagesEs: Record<keyof typeof crowdMessagesEn, string> = {
  'scoring.preset.quote': 'Cuota de la liga: acertar la tendencia vale más cuantos menos la ven venir',
  'points.quote': '{right} de {bets} dijeron {outcome}: {points} puntos',
  'points.outcome.home': 'victoria local',
  'points.outcome.draw': 'empate',
  'points.outcome.away': 'victoria visitante',
  'errors.distribution_hidden': 'Las apuestas de la liga aún no se muestran: lo que apostó la liga aparece tras el plazo',
};
