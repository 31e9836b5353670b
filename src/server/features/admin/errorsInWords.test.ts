import { ProviderError } from '../../domain/providers/providerError';
import { translate, type Translate } from '../../platform/i18n/messages';
import { INTERRUPTED_ERROR } from '../../platform/processRuns/processRuns';
import { errorInWords } from './errorsInWords';

const es: Translate = (key, vars) => translate('es', key, vars);
const en: Translate = (key, vars) => translate('en', key, vars);
/** What a run stores when a provider fails: the error's message. */
const stored = (error: ProviderError) => error.message;

describe('a stored run error in the admin\'s words', () => {
  it('says a provider\'s failure by its reason, in the reader\'s language, keeping a detail that adds something', () => {
    expect(errorInWords(stored(new ProviderError('unauthorized', 'HTTP 401', 401)), es))
      .toBe('El proveedor de resultados ha fallado: ha rechazado el token de acceso (HTTP 401)');
    expect(errorInWords(stored(new ProviderError('server_error', 'HTTP 503', 503)), en))
      .toBe('The results provider failed: it answered with an error (HTTP 503)');
    expect(errorInWords(stored(new ProviderError('unreachable', '/v4/competitions/WC/matches: getaddrinfo ENOTFOUND')), en))
      .toBe('The results provider failed: it could not be reached (/v4/competitions/WC/matches: getaddrinfo ENOTFOUND)');
  });

  it('says an interrupted run in words, and leaves any other error as it was stored', () => {
    expect(errorInWords(INTERRUPTED_ERROR, es)).toBe('Interrumpido: el servidor se detuvo antes de que terminara');
    expect(errorInWords('match 1: unknown round "Round of 7"', es)).toBe('match 1: unknown round "Round of 7"');
    // A message that only looks like a provider's, with a reason no provider gives, is not rewritten.
    expect(errorInWords('results provider failed (toString): x', en)).toBe('results provider failed (toString): x');
    expect(errorInWords(null, en)).toBeNull();
  });
});
