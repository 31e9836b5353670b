import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '../../lib/i18n/i18n';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { boardWorld } from '../../testing/handlers/leagueBoard';
import { BEA } from '../../testing/handlers/leagueWorld';
import { liveFeed } from '../../testing/handlers/live';
import { renderApp, signInAs } from '../../testing/renderWithProviders';

const boardCard = (name = 'Board') => screen.findByRole('region', { name }, { timeout: 15_000 });

describe('the league board', () => {
  it('shows posts as text with safe links, and lets a member post and reply', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    const card = await boardCard();
    expect(await within(card).findByText(/Who brings the croissants/)).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: 'https://example.com/menu' });
    expect(link).toHaveAttribute('href', 'https://example.com/menu');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(link).toHaveAttribute('target', '_blank');

    const field = within(card).getByRole('textbox', { name: 'Write a post' });
    await user.click(field);
    await user.type(field, 'Hello <b>team</b> javascript:alert(1)');
    expect(within(card).getByText('37/1000')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Posted')).toBeInTheDocument();
    // Markup stays text: no element is made from it, and only http(s) addresses become links.
    expect(await within(card).findByText('Hello <b>team</b> javascript:alert(1)')).toBeInTheDocument();
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(field).toHaveValue('');

    const beaPost = within(card).getByRole('group', { name: 'Actions on the post by Bea' });
    await user.click(within(beaPost).getByRole('button', { name: 'Reply' }));
    const reply = within(card).getByRole('textbox', { name: 'Write a reply' });
    await user.click(reply);
    await user.type(reply, 'Me!');
    await user.click(within(reply.closest('form')!).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(within(card).getByText('Me!')).toBeInTheDocument());
    await waitFor(() => expect(boardWorld.posts.find((p) => p.text === 'Me!')).toMatchObject({ reply_to: 1, author_id: PLAYER.id }));
  });

  it('refuses an empty or too long post before sending it', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    const card = await boardCard();
    const field = await within(card).findByRole('textbox', { name: 'Write a post' });
    expect(within(card).getByRole('button', { name: 'Post' })).toBeDisabled();
    await user.click(field);
    await user.paste('x'.repeat(1003));
    expect(within(card).getByText('3 characters too many')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Post' })).toBeDisabled();
  });

  it('lets the owner pin a post, shown on top, and close the board', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    const card = await boardCard();
    const beaPost = await within(card).findByRole('group', { name: 'Actions on the post by Bea' });
    await user.click(within(beaPost).getByRole('button', { name: 'Pin' }));
    expect(await within(card).findByText('Pinned')).toBeInTheDocument();
    expect(within(card).getAllByText(/Who brings the croissants/)).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Unpin' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Close the board' }));
    expect(await within(card).findByText('The owner has closed the board: no new posts for now.')).toBeInTheDocument();
    expect(within(card).queryByRole('textbox', { name: 'Write a post' })).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Reopen the board' })).toBeInTheDocument();
  });

  it('lets the author edit and delete their post, and marks posts of members who left and of deleted accounts', async () => {
    boardWorld.posts.push(
      { id: 70, league_id: 5, author_id: null, text: 'From a deleted account', match_id: null, reply_to: null,
        created_at: '2026-06-10T10:00:00.000Z', edited_at: null, deleted: false },
      { id: 71, league_id: 5, author_id: 999, text: 'From someone who left', match_id: null, reply_to: null,
        created_at: '2026-06-10T11:00:00.000Z', edited_at: null, deleted: false },
      { id: 72, league_id: 5, author_id: PLAYER.id, text: 'Tpyo here', match_id: null, reply_to: null,
        created_at: new Date().toISOString(), edited_at: null, deleted: false },
    );
    await signInAs(PLAYER);
    const { user } = renderApp({ route: '/leagues/5' });
    const card = await boardCard();
    expect(await within(card).findByText('Deleted user')).toBeInTheDocument();
    expect(within(card).getByText('No longer a member')).toBeInTheDocument();

    const mine = within(card).getByRole('group', { name: 'Actions on the post by Ana' });
    await user.click(within(mine).getByRole('button', { name: 'Edit' }));
    const field = within(card).getByRole('textbox', { name: 'Edit your post' });
    await user.click(field);
    await user.clear(field);
    await user.type(field, 'Typo fixed');
    await user.click(within(field.closest('form')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card).queryByRole('textbox', { name: 'Edit your post' })).not.toBeInTheDocument());
    expect(await within(card).findByText('Typo fixed')).toBeInTheDocument();
    expect(within(card).getByText(/· edited/)).toBeInTheDocument();

    await user.click(within(within(card).getByRole('group', { name: 'Actions on the post by Ana' })).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(card).queryByText('Typo fixed')).not.toBeInTheDocument());
    expect(boardWorld.posts.find((p) => p.id === 72)?.deleted).toBe(true);
  });

  it('shows a new post as it arrives on the live stream, without reloading', async () => {
    await signInAs(PLAYER);
    renderApp({ route: '/leagues/5' });
    const card = await boardCard();
    await within(card).findByText(/Who brings the croissants/);
    await waitFor(() => expect(liveFeed.openStreams(5)).toBe(1), { timeout: 15_000 });
    boardWorld.posts.push({
      id: 50, league_id: 5, author_id: BEA, text: 'Goal!!', match_id: null, reply_to: null,
      created_at: new Date().toISOString(), edited_at: null, deleted: false,
    });
    liveFeed.send(5, 'board', { league_id: 5, post_id: 50 }, 9);
    expect(await within(card).findByText('Goal!!')).toBeInTheDocument();
  });

  it('gives a member who does not own the league no owner actions, and speaks Spanish', async () => {
    await changeLocale('es');
    await signInAs(PLAYER);
    boardWorld.posts.push({
      id: 60, league_id: 6, author_id: BEA, text: 'Hola familia', match_id: null, reply_to: null,
      created_at: '2026-06-10T09:00:00.000Z', edited_at: null, deleted: false,
    });
    renderApp({ route: '/leagues/6' });
    const card = await boardCard('Tablón');
    const post = await within(card).findByRole('group', { name: 'Acciones sobre el mensaje de Bea' });
    expect(within(post).getByRole('button', { name: 'Responder' })).toBeInTheDocument();
    expect(within(post).queryByRole('button', { name: 'Fijar' })).not.toBeInTheDocument();
    expect(within(post).queryByRole('button', { name: 'Borrar' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cerrar el tablón' })).not.toBeInTheDocument();
    expect(within(card).getByRole('textbox', { name: 'Escribe un mensaje' })).toBeInTheDocument();
  });
});
