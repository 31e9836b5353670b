/** The parts of /api/v1/openapi.json that no single route carries: what holds for every call. */
export const openapiInfo = {
  info: {
    title: 'Porra API',
    version: '1.0.0',
    description: [
      'Football score-prediction game with private leagues.',
      'Bodies are JSON in and out (any other request body type is a 415). `{locale}` (es or en) picks the language of messages.',
      'Every error answers `{ "error": "...", "errors"?: { "field": ["..."] } }` with one of the statuses its operation lists.',
      'A method an existing path does not document answers 405 with an `Allow` header; OPTIONS answers 204 with `Allow`.',
      'Operations marked with bearerAuth need the token that sign-in and sign-up return, as `Authorization: Bearer <token>`.',
    ].join('\n\n'),
  },
  components: {
    securitySchemes: {
      bearerAuth: { type: 'http' as const, scheme: 'bearer', bearerFormat: 'JWT' },
    },
  },
};
