import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '../../../lib/i18n/i18n';
import { accountOf, fakeApi, issueToken, NEWCOMER, PLAYER } from '../../../testing/handlers/fakeApi';
import { leagueWorld, memberIds } from '../../../testing/handlers/leagueWorld';
import { handle, ok, routePattern } from '../../../testing/handlers/route';
import { renderApp, signInAs } from '../../../testing/renderWithProviders';
import { server } from '../../../testing/server';

/** The page of an invitation link, for a visitor, a newcomer waiting for the emailed link, and after it. */

// The bets page a new member lands on also reads the league's picks.
beforeEach(() => server.use(handle('roundBetsIndex', () => ok([])), handle('personBetsIndex', () => ok([])), handle('peopleOfCompetition', () => ok([]))));

describe('invitation landing page', () => {
  it('names the league, who invites and its rules, and signs a newcomer up with the invited address, keeping the invitation as the next step', async () => {
    const bodies: unknown[] = [];
    server.use(handle('signUp', ({ body }) => {
      bodies.push(body);
      const account = { ...NEWCOMER, name: body.api_v1_user.name, email: body.api_v1_user.email };
      fakeApi.users.push(account);
      const token = issueToken(account.id);
      return { body: { ...accountOf(account), token }, headers: { authorization: `Bearer ${token}` } };
    }));
    const { user } = renderApp({ route: '/leagues/join/5/tok-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana invites you to Office pool' })).toBeInTheDocument();
    expect(screen.getByText(/· 14 members/)).toBeInTheDocument();
    expect(screen.getByText('Bet the score of each match.')).toBeInTheDocument();
    expect(screen.getByText('Right winner: 2 points · exact score: up to 5 points.')).toBeInTheDocument();
    expect(screen.getByText('Bets close 5 minutes before kickoff.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('friend@example.com');
    expect(screen.getByRole('link', { name: 'I already have an account' })).toHaveAttribute('href', '/users/sign_in?redirect=%2Fleagues%2Fjoin%2F5%2Ftok-1');

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Frida');
    await user.type(screen.getByLabelText(/^Password/), 'a long secret');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByRole('heading', { name: 'One step left: confirm your address' })).toBeInTheDocument();
    expect(screen.getByText('We sent a link to friend@example.com: open it to confirm your address and join Office pool.')).toBeInTheDocument();
    expect(bodies).toEqual([{ api_v1_user: { name: 'Frida', email: 'friend@example.com', password: 'a long secret', locale: 'en' }, next: '/leagues/join/5/tok-1' }]);
  });

  it('checks the form before sending anything', async () => {
    const { user } = renderApp({ route: '/leagues/join/5/tok-1' });
    await user.click(await screen.findByRole('button', { name: 'Create account and join' }));
    expect(await screen.findAllByText("can't be blank")).not.toHaveLength(0);
    expect(fakeApi.users.some((row) => row.email === 'friend@example.com')).toBe(false);
  });

  it('speaks Spanish', async () => {
    await changeLocale('es');
    renderApp({ route: '/leagues/join/5/tok-1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ana te invita a Office pool' })).toBeInTheDocument();
    expect(screen.getByText('Apuesta el resultado de cada partido.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear cuenta y unirme' })).toBeInTheDocument();
  });

  it('offers sign-in first when an account has the invited address', async () => {
    renderApp({ route: '/leagues/join/8/tok-2' });
    expect(await screen.findByText('An account already uses ana@example.com: sign in to join.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toHaveAttribute('href', '/users/sign_in?redirect=%2Fleagues%2Fjoin%2F8%2Ftok-2');
    expect(screen.queryByRole('button', { name: 'Create account and join' })).not.toBeInTheDocument();
  });

  it('sends a visitor with a link that is no invitation to sign in first', async () => {
    renderApp({ route: '/leagues/join/8/share-8' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('the verification link of a sign-up from an invitation', () => {
  beforeEach(async () => {
    fakeApi.users.push({ ...NEWCOMER });
    leagueWorld.invitations.push({ id: 50, league_id: 5, email: NEWCOMER.email, token: 'tok-nico', status: 'pending', inviter_name: 'Ana', inviter_id: 1 });
    await signInAs(NEWCOMER);
  });

  it('confirms the address, joins the league and lands on its bets page', async () => {
    renderApp({ route: `/verify_email?token=good-verification-token&next=${encodeURIComponent('/leagues/join/5/tok-nico')}` });
    expect(await screen.findByText('Welcome to Office pool! Place your first bet.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bets' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(memberIds(5)).toContain(NEWCOMER.id);
    expect(leagueWorld.invitations.find((item) => item.id === 50)!.status).toBe('accepted');
  });

  it('a second click on the link says the address was already confirmed and continues to the league', async () => {
    const link = `/verify_email?token=good-verification-token&next=${encodeURIComponent('/leagues/join/5/tok-nico')}`;
    const first = renderApp({ route: link });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bets' }, { timeout: 15_000 })).toBeInTheDocument();
    first.unmount();
    renderApp({ route: link });
    expect(await screen.findByText('Your email address was already confirmed.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Bets' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText(/no longer valid|not valid any more/)).not.toBeInTheDocument();
    expect(memberIds(5).filter((id) => id === NEWCOMER.id)).toHaveLength(1);
  });

  it('tries again while a server still reads the address as unconfirmed', async () => {
    server.use(http.post(routePattern('leagueJoin'), () => HttpResponse.json({ error: 'Confirm your email address' }, { status: 403 }), { once: true }));
    renderApp({ route: `/verify_email?token=good-verification-token&next=${encodeURIComponent('/leagues/join/5/tok-nico')}` });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bets' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(memberIds(5)).toContain(NEWCOMER.id);
  });

  it('shows why when the invitation is gone, and never follows a next outside the app', async () => {
    leagueWorld.invitations.find((item) => item.id === 50)!.status = 'deleted';
    const { unmount } = renderApp({ route: `/verify_email?token=good-verification-token&next=${encodeURIComponent('/leagues/join/5/tok-nico')}` });
    expect(await screen.findByText('The invitation does not exist anymore')).toBeInTheDocument();
    expect(memberIds(5)).not.toContain(NEWCOMER.id);
    unmount();

    fakeApi.verificationTokens.set('second-token', NEWCOMER.id);
    renderApp({ route: `/verify_email?token=second-token&next=${encodeURIComponent('//evil.example/x')}` });
    expect(await screen.findByText('Your email address is confirmed. Thank you!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/');
  });
});

describe('pending invitations on the home page', () => {
  it('lists the invitations of a verified address and joins one in one click, landing on its bets', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/' });
    const card = await screen.findByRole('region', { name: 'Invitations for you' });
    expect(within(card).getByText('Open league')).toBeInTheDocument();
    expect(within(card).getByText('From Bea')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Join Open league' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Bets' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(memberIds(8)).toContain(PLAYER.id);
  });

  it('declines one, which then leaves the home', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/' });
    const card = await screen.findByRole('region', { name: 'Invitations for you' });
    await user.click(within(card).getByRole('button', { name: 'Decline Open league' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument());
    expect(leagueWorld.invitations.find((item) => item.id === 2)!.status).toBe('dismissed');
    expect(memberIds(8)).not.toContain(PLAYER.id);
  });

  it('shows nothing before the address is confirmed', async () => {
    fakeApi.users.push({ ...NEWCOMER });
    leagueWorld.invitations.push({ id: 51, league_id: 5, email: NEWCOMER.email, token: 'tok-nico', status: 'pending', inviter_name: 'Ana', inviter_id: 1 });
    await signInAs(NEWCOMER);
    renderApp({ route: '/' });
    expect(await screen.findByTestId('verify-email-banner')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument();
  });
});
