import { skipToken } from '@reduxjs/toolkit/query/react';
import { useTranslation } from 'react-i18next';
import { matchdayName, type NameForm } from '../../shared/domain/matchNames';
import { toLocale } from '../lib/i18n/i18n';
import { api } from './api';

const matchInfo = api.endpoints.matchInfo;

/**
 * Names a competition's matchdays as people do: its knockout matchdays by round ("Semifinales"), the others by
 * number ("Jornada 3"), in the interface language. Reads the competition's matchday info (shared with the screens
 * that read it already); until it arrives every matchday goes by its number.
 */
export function useMatchdayName(competitionId: number | null | undefined): (matchday: number, form?: NameForm) => string {
  const { i18n } = useTranslation();
  const locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const { data } = matchInfo.useQuery(competitionId ? { params: { id: competitionId } } : skipToken);
  const rounds = data?.matchdayRounds ?? [];
  return (matchday, form = 'long') => matchdayName(matchday, rounds, locale, form);
}
