import assert from 'node:assert/strict';
import { seriousViolationsAt } from '../support/accessibility';
import { test } from '../support/fixtures';
import { newVisitor, screenshots, settle } from '../support/pages';
import { newLeague, newPlayer, signIn } from '../support/players';
import { BOTH_WIDTHS } from '../support/viewports';

const LANGUAGES = [
  {
    language: 'es', locale: 'es-ES',
    texts: {
      card: 'Quién no ha apostado todavía', inPorraOnly: 'Solo en Porra, la próxima vez que entre: sin dispositivo push ni recordatorios por correo',
      nudge: 'Avisar a 1 participante', sent: (name: string) => `Aviso enviado: ${name} (solo en Porra: sin dispositivo push ni recordatorios por correo)`,
      nudged: 'Avisado', panel: 'Abrir el panel de usuario', alert: (owner: string) => new RegExp(`^${owner} te recuerda: \\d+ partidos? sin apuesta \\([^)]+\\)`),
    },
  },
  {
    language: 'en', locale: 'en-US',
    texts: {
      card: 'Who has not bet yet', inPorraOnly: 'In Porra only, the next time they open it: no push device, no reminder emails',
      nudge: 'Nudge 1 member', sent: (name: string) => `Nudge sent: ${name} (in Porra only: no push device, no reminder emails)`,
      nudged: 'Nudged', panel: 'Open the user panel', alert: (owner: string) => new RegExp(`^${owner} reminds you: \\d+ match(es)? without a bet \\([^)]+\\)`),
    },
  },
] as const;

/*
 * A nudge that reaches nobody by push or email is not lost. Uma owns a league; Ivo has turned reminder emails off and
 * has no push device. Before nudging, Uma's card says Ivo will only see it in Porra; the answer says the same; no email
 * leaves; and Ivo finds the reminder, in his language, in his panel the next time he opens Porra. axe at both widths.
 */
for (const { language, locale, texts } of LANGUAGES) {
  test(`a nudge to a member without push or reminder emails says so and reaches him in Porra (${language})`, async ({ world: w }) => {
    const uma = await newPlayer(w, language === 'es' ? 'Ursula' : 'Uma');
    const ivo = await newPlayer(w, language === 'es' ? 'Inigo' : 'Ivo');
    for (const person of [uma, ivo]) {
      await w.api.call('PUT', '/users', { locale: null, token: person.token, body: { api_v1_user: { current_password: person.password, email_reminders: false, locale: language } } });
    }
    const league = await newLeague(w, uma, `Reach ${language}`, [ivo]);

    const { page } = await newVisitor(w, locale);
    await signIn(w, page, uma.name, uma.email, uma.password);
    await page.goto(`/leagues/admin/${league.id}`);
    const card = page.getByRole('region', { name: texts.card, exact: true });
    const row = card.getByRole('listitem').filter({ hasText: ivo.name });
    await row.getByText(texts.inPorraOnly).waitFor();
    await card.getByRole('button', { name: texts.nudge }).click();
    await page.getByText(texts.sent(ivo.name)).waitFor();
    await row.getByText(texts.nudged, { exact: true }).waitFor();
    await settle(page);
    const found = await seriousViolationsAt(page, `league administration, nudge in Porra only (${language})`, BOTH_WIDTHS);
    await screenshots(w, page, `nudge-in-porra-only-${language}`);

    const member = await newVisitor(w, locale);
    await signIn(w, member.page, ivo.name, ivo.email, ivo.password);
    await member.page.getByRole('button', { name: texts.panel }).click();
    await member.page.getByRole('link', { name: texts.alert(uma.name) }).waitFor();
    await settle(member.page);
    await screenshots(w, member.page, `nudge-in-panel-${language}`);

    const mails = (await w.inbox.mails()).filter((mail) => mail.to.includes(ivo.email) && mail.text.includes(uma.name));
    assert.deepEqual(mails.map((mail) => mail.text.slice(0, 80)), [], 'no reminder email leaves for a member who turned them off');
    assert.deepEqual(found, [], `axe: ${found.join('; ')}`);
  });
}
