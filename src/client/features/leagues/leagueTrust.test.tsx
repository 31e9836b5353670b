import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { leagueWorld, memberIds } from '../../testing/handlers/leagueWorld';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

/** Replacing the share link, the invitation note, a removed member's refusal. */

const settled = () => waitFor(() => expect(screen.getByRole('main')).toBeVisible());

describe('league trust', () => {
  it('lets the owner replace the share link after confirming, and tells them', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    const link = await screen.findByRole('textbox', { name: 'Link to join' });
    await waitFor(() => expect(link).toHaveValue('http://localhost/leagues/join/5/share-5'));
    await settled();

    await user.click(screen.getByRole('button', { name: 'Replace the share link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the share link' });
    expect(dialog).toHaveTextContent('the current one will stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(leagueWorld.leagues.find((league) => league.id === 5)!.share_token).toBe('share-5');

    await user.click(screen.getByRole('button', { name: 'Replace the share link' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Replace' }));
    expect(await screen.findByText('New share link created: the old one no longer works')).toBeInTheDocument();
    const fresh = leagueWorld.leagues.find((league) => league.id === 5)!.share_token;
    expect(fresh).not.toBe('share-5');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Link to join' })).toHaveValue(`http://localhost/leagues/join/5/${fresh}`));
  });

  it('offers no replacement to a member who does not own the league', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/admin/6' });
    expect(await screen.findByRole('textbox', { name: 'Link to join' })).toBeInTheDocument();
    await settled();
    expect(screen.queryByRole('button', { name: 'Replace the share link' })).not.toBeInTheDocument();
  });

  it('sends an invitation with a personal note', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/admin/5' });
    await settled();
    await user.type(await screen.findByRole('textbox', { name: 'Email to invite' }), 'pal@example.com');
    const note = screen.getByRole('textbox', { name: 'Personal message (optional)' });
    expect(note).toHaveAttribute('maxlength', '500');
    expect(screen.getByText('Added to the invitation email, up to 500 characters')).toBeInTheDocument();
    await user.type(note, '  Come and play!  ');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(leagueWorld.invitations.find((item) => item.email === 'pal@example.com')?.message).toBe('Come and play!'));
    await waitFor(() => expect(note).toHaveValue(''));
  });

  it('shows a removed member why the share link refuses them', async () => {
    leagueWorld.bans.add(`8:${PLAYER.id}`);
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/join/8/share-8' });
    expect(await screen.findByText('You have been invited to Open league.')).toBeInTheDocument();
    await settled();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    const alert = await screen.findByText('The owner removed you from this league: only a new invitation from the owner lets you back in',
      { selector: '.MuiAlert-message' });
    expect(alert).toBeVisible();
    expect(memberIds(8)).not.toContain(PLAYER.id);
  });
});
