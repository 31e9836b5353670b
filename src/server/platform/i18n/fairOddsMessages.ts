/**
 * Server messages of the rating model's odds (fair odds) and of odds scoring, spread into the catalogue of
 * messages.ts.
 */
export const fairOddsMessagesEn = {
  'scoring.preset.odds': "Fair odds: a right tendency earns more the less likely the rating model thought it",
  'points.odds': 'The model gave {outcome} {percent}%: {points} points',
} as const;

export const fairOddsMessagesEs: Record<keyof typeof fairOddsMessagesEn, string> = {
  'scoring.preset.odds': 'Cuotas justas: acertar la tendencia vale más cuanto menos probable la veía el modelo de ratings',
  'points.odds': 'El modelo daba {outcome} un {percent} %: {points} puntos',
};
