import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import NativeSelect from '@mui/material/NativeSelect';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { League, Person, Team } from '../../../shared/api/entities';
import type { PersonRulePicks } from '../../../shared/api/routes/personBets';
import type { RoundRulePicks } from '../../../shared/api/routes/roundBets';
import { api } from '../../api/api';
import { formatDateTime } from '../../lib/i18n/dates';
import { PointsBadge } from '../../api/widgets/PointsBadge';
import { TeamLogo } from '../../lib/ui/TeamLogo';
import { formatClosedDate } from './closedOn';
import { RobotMark } from '../../lib/ui/RobotMark';
import { RoundName } from '../../lib/ui/RoundIcon';

const roundPicks = api.endpoints.roundBetsIndex;
const personPicks = api.endpoints.personBetsIndex;
const competitionTeams = api.endpoints.teamsOfCompetition;
const competitionPeople = api.endpoints.peopleOfCompetition;
const fillRound = api.endpoints.fillRoundBet;
const clearRound = api.endpoints.clearRoundBet;
const fillPerson = api.endpoints.fillPersonBet;
const clearPerson = api.endpoints.clearPersonBet;

/** A rule's heading: its picks, and its deadline ("Locks on ...", or "Closed on ..." once it passed). */
function RuleHeading({ roundId, name, made, picks, deadline, closed, points }: {
  roundId: number; name: string; made: number; picks: number; deadline: string | null; closed: boolean; points: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="h3" component="h3"><RoundName roundId={roundId}>{name}</RoundName></Typography>
      <Chip size="small" label={t('bets.picks_count', { made, picks })} color={made >= picks ? 'success' : 'default'} data-testid="picks-count" />
      {closed
        ? <Typography variant="caption" color="text.secondary" data-testid="pick-closed">{deadline ? t('bets.closed_on', { date: formatClosedDate(deadline) }) : t('bets.closed')}</Typography>
        : deadline && <Typography variant="caption" color="text.secondary">{t('bets.locks_at', { date: formatDateTime(deadline) })}</Typography>}
      {points !== null && <PointsBadge points={points} />}
    </Stack>
  );
}

/** A rule is closed once its deadline passed (its picks are shown to others) and the caller may not change it. */
const isClosed = (rule: { allow_show_bets: boolean; allow_edit_bets: boolean }) => rule.allow_show_bets && !rule.allow_edit_bets;

function NoPick() {
  const { t } = useTranslation();
  return <Typography variant="body2" color="text.secondary">{t('bets.no_pick')}</Typography>;
}

const sumPoints = (bets: Array<{ points: number | null }>): number | null =>
  bets.some((bet) => bet.points !== null) ? bets.reduce((sum, bet) => sum + (bet.points ?? 0), 0) : null;

/** Round picks as team toggles: a team picked is cleared, one not picked is filled while under the limit. */
function RoundRule({ rule, teams, leagueId, userId, open }: { rule: RoundRulePicks; teams: Team[]; leagueId: number; userId: number; open: boolean }) {
  const [fill] = fillRound.useMutation();
  const [clear] = clearRound.useMutation();
  // Which rule starts open is decided once: filling a rule must not fold it under the user's pointer.
  const [initiallyOpen] = useState(open);
  const picked = new Set(rule.bets.map((bet) => bet.team_id).filter((id): id is number => id !== null));
  const full = rule.picks_made >= rule.league_rule.picks;
  const shown = rule.allow_edit_bets ? teams : teams.filter((team) => picked.has(team.id));
  const toggle = (teamId: number) => {
    const body = { league_id: leagueId, league_rule_id: rule.league_rule.id, team_id: teamId, user_id: userId, mode: rule.mode };
    return picked.has(teamId) ? clear({ body }) : fill({ body });
  };
  return (
    // A long list of teams per round: each rule folds, the first one still to fill starts open, closed ones folded.
    <Accordion component="section" data-testid={`round-rule-${rule.league_rule.id}`} defaultExpanded={initiallyOpen} disableGutters elevation={0}
      sx={{ '&::before': { display: 'none' }, borderBottom: 1, borderColor: 'divider' }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: 0 }}>
        <RuleHeading roundId={rule.league_rule.round_id} name={rule.league_rule.round_name} made={rule.picks_made} picks={rule.league_rule.picks} deadline={rule.deadline}
          closed={isClosed(rule)} points={sumPoints(rule.bets)} />
        {rule.bets.some((bet) => bet.bot) && <RobotMark />}
      </AccordionSummary>
      <AccordionDetails sx={{ px: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        {isClosed(rule) && shown.length === 0 && <NoPick />}
        {shown.map((team) => {
          const on = picked.has(team.id);
          return (
            <Chip key={team.id} label={team.team_name} avatar={<TeamLogo team={team} />} clickable={rule.allow_edit_bets}
              color={on ? 'primary' : 'default'} variant={on ? 'filled' : 'outlined'} aria-pressed={on} role="button"
              disabled={!rule.allow_edit_bets || (!on && full)} aria-disabled={!rule.allow_edit_bets || (!on && full)} onClick={rule.allow_edit_bets ? () => toggle(team.id) : undefined} />
          );
        })}
      </AccordionDetails>
    </Accordion>
  );
}

/** Person picks (Top scorer): picked people as chips that clear, and a list to add one while under the limit. */
function PersonRule({ rule, people, leagueId, userId }: { rule: PersonRulePicks; people: Person[]; leagueId: number; userId: number }) {
  const { t } = useTranslation();
  const [fill] = fillPerson.useMutation();
  const [clear] = clearPerson.useMutation();
  const full = rule.picks_made >= rule.league_rule.picks;
  const body = (personId: number) => ({ league_id: leagueId, league_rule_id: rule.league_rule.id, person_id: personId, user_id: userId, mode: rule.mode });
  const picked = new Set(rule.bets.map((bet) => bet.person_id));
  return (
    // A closed rule folds, like a closed round rule.
    <Accordion component="section" data-testid={`person-rule-${rule.league_rule.id}`} defaultExpanded={!isClosed(rule)} disableGutters elevation={0}
      sx={{ '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: 0 }}>
        <RuleHeading roundId={rule.league_rule.round_id} name={rule.league_rule.round_name} made={rule.picks_made} picks={rule.league_rule.picks} deadline={rule.deadline}
          closed={isClosed(rule)} points={sumPoints(rule.bets)} />
        {rule.bets.some((bet) => bet.bot) && <RobotMark />}
      </AccordionSummary>
      <AccordionDetails sx={{ px: 0, display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}>
        {isClosed(rule) && !rule.bets.some((bet) => bet.person) && <NoPick />}
        {rule.bets.filter((bet) => bet.person).map((bet) => (
          <Chip key={bet.id} label={bet.person?.name} color="primary"
            onDelete={rule.allow_edit_bets && bet.person_id ? () => clear({ body: body(bet.person_id as number) }) : undefined} />
        ))}
        {rule.allow_edit_bets && !full && (
          <NativeSelect value="" inputProps={{ 'aria-label': t('bets.add_person') }} sx={{ minWidth: 200 }}
            onChange={(event) => event.target.value && fill({ body: body(Number(event.target.value)) })}>
            <option value="">{t('bets.add_person')}</option>
            {people.filter((person) => !picked.has(person.id)).map((person) => <option key={person.id} value={person.id}>{person.name}</option>)}
          </NativeSelect>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** The member's round and person picks of the league (mode 1: the simulated ones). */
export function PicksSection({ league, userId, mode }: { league: League; userId: number | undefined; mode: number }) {
  const { t } = useTranslation();
  const query = { ...(userId ? { user_id: userId } : {}), ...(mode ? { mode } : {}) };
  const rounds = roundPicks.useQuery({ params: { id: league.id }, query }, { skip: !league.round_bets_enabled || !userId });
  const persons = personPicks.useQuery({ params: { id: league.id }, query }, { skip: !league.person_bets_enabled || !userId });
  const { data: teamsData } = competitionTeams.useQuery({ params: { id: league.competition_id } });
  const { data: peopleData } = competitionPeople.useQuery({ params: { id: league.competition_id } }, { skip: !league.person_bets_enabled });
  const selected = new Set(league.selected_team_ids);
  const teams = (teamsData ?? []).filter((team) => selected.size === 0 || selected.has(team.id))
    .slice().sort((a, b) => a.team_name.localeCompare(b.team_name));
  const people = (peopleData ?? []).slice().sort((a, b) => a.name.localeCompare(b.name));
  const roundRules = rounds.data ?? [];
  const personRules = persons.data ?? [];
  if (!userId || (roundRules.length === 0 && personRules.length === 0)) return null;
  const firstToFill = roundRules.find((rule) => rule.allow_edit_bets && rule.picks_made < rule.league_rule.picks)?.league_rule.id;
  return (
    <Card component="section" aria-labelledby="picks-title">
      <CardContent>
        <Typography variant="h2" id="picks-title">{t('bets.picks')}</Typography>
        {roundRules.map((rule) => <RoundRule key={rule.league_rule.id} rule={rule} teams={teams} leagueId={league.id} userId={userId}
          open={rule.league_rule.id === firstToFill} />)}
        {personRules.map((rule) => <PersonRule key={rule.league_rule.id} rule={rule} people={people} leagueId={league.id} userId={userId} />)}
      </CardContent>
    </Card>
  );
}
