import { accountOf, fakeApi, issueToken, userByToken } from './fakeApi';
import { fail, handle, ok } from './route';

const signedIn = (userId: number) => {
  const user = fakeApi.users.find((row) => row.id === userId)!;
  const token = issueToken(userId);
  return { body: { ...accountOf(user), token }, headers: { authorization: `Bearer ${token}` } };
};

/** Account calls answering like the server: translated errors, per-field messages. */
export const accountHandlers = [
  handle('signIn', ({ body, token }) => {
    if (token) return fail(400, 'sign-in must go without a token');
    const { email, password } = body.api_v1_user;
    const user = fakeApi.users.find((row) => row.email === email && row.password === password);
    return user ? signedIn(user.id) : fail(401, 'Invalid email or password');
  }),
  handle('signUp', ({ body, token }) => {
    if (token) return fail(400, 'sign-up must go without a token');
    const { name, email, password } = body.api_v1_user;
    if (fakeApi.users.some((row) => row.email === email)) {
      return fail(400, 'Email has already been taken', { 'api_v1_user.email': ['has already been taken'] });
    }
    const id = Math.max(...fakeApi.users.map((row) => row.id)) + 1;
    fakeApi.users.push({ id, name, email, password, is_admin: false, email_verified: false, email_reminders: false, locale: 'en' });
    return signedIn(id);
  }),
  handle('updateAccount', ({ body, token }) => {
    const user = userByToken(token);
    if (!user) return fail(401, 'You need to sign in or sign up before continuing');
    const changes = body.api_v1_user;
    if (changes.current_password !== user.password) {
      return fail(400, 'Current password is not correct', { 'api_v1_user.current_password': ['is not correct'] });
    }
    if (changes.password && changes.password !== changes.password_confirmation) {
      return fail(400, "Password confirmation doesn't match the password", { 'api_v1_user.password_confirmation': ["doesn't match the password"] });
    }
    const emailChanged = changes.email !== undefined && changes.email !== user.email;
    Object.assign(user, {
      name: changes.name ?? user.name, email: changes.email ?? user.email, email_reminders: changes.email_reminders ?? user.email_reminders,
      ranking_hidden: changes.ranking_hidden ?? user.ranking_hidden,
    });
    if (emailChanged) user.email_verified = false;
    if (changes.password) user.password = changes.password;
    if (changes.revoke_api_tokens) user.apiTokenRevocations = (user.apiTokenRevocations ?? 0) + 1;
    return ok(accountOf(user));
  }),
  handle('deleteAccount', ({ body, token }) => {
    const user = userByToken(token);
    if (!user) return fail(401, 'You need to sign in or sign up before continuing');
    if (body.api_v1_user.current_password !== user.password) {
      return fail(400, 'Current password is not correct', { 'api_v1_user.current_password': ['is not correct'] });
    }
    fakeApi.users = fakeApi.users.filter((row) => row.id !== user.id);
    return ok({ message: 'Your account has been deleted' });
  }),
  handle('signOut', ({ token }) => {
    if (!userByToken(token)) return fail(401, 'You need to sign in or sign up before continuing');
    fakeApi.tokens.delete(token!);
    return ok({ message: 'Signed out' });
  }),
  handle('requestPasswordReset', ({ body, token }) => {
    if (token) return fail(400, 'password reset must go without a token');
    fakeApi.resetRequests.push(body);
    return ok({ message: 'If your email address exists you will receive a link' });
  }),
  handle('resetPassword', ({ body, token }) => {
    if (token) return fail(400, 'password reset must go without a token');
    const { password, password_confirmation, reset_password_token } = body.api_v1_user;
    if (reset_password_token !== 'good-token') {
      return fail(400, 'The password reset link is not valid or has expired', { 'api_v1_user.reset_password_token': ['is invalid'] });
    }
    if (password !== password_confirmation) {
      return fail(400, "Password confirmation doesn't match", { 'api_v1_user.password_confirmation': ["doesn't match the password"] });
    }
    const user = fakeApi.users[0];
    user.password = password;
    return signedIn(user.id);
  }),
  handle('verifyEmail', ({ body, request }) => {
    fakeApi.requests.push(`POST ${new URL(request.url).pathname}`);
    const userId = fakeApi.verificationTokens.get(body.token);
    const user = fakeApi.users.find((row) => row.id === userId);
    // As the server: a link used before, for an address confirmed, says so.
    const earlier = fakeApi.users.find((row) => row.id === fakeApi.usedVerificationTokens.get(body.token));
    if (!user && earlier?.email_verified) return ok({ message: 'Your email address was already confirmed', already_verified: true });
    if (!user) return fail(400, 'The verification link is not valid: it has expired, was already used or is for another address');
    fakeApi.verificationTokens.delete(body.token);
    fakeApi.usedVerificationTokens.set(body.token, user.id);
    user.email_verified = true;
    return ok({ message: 'Your email address is verified', already_verified: false });
  }),
  handle('resendVerification', ({ token }) => {
    const user = userByToken(token);
    if (!user) return fail(401, 'You need to sign in or sign up before continuing');
    if (user.email_verified) return fail(409, 'Your email address is already verified');
    fakeApi.verificationResends += 1;
    return ok({ message: 'We have sent you a new verification link' });
  }),
  handle('clientLog', ({ body }) => {
    fakeApi.logs.push(body);
    return ok({ message: 'logged' });
  }),
  handle('contact', ({ body }) => {
    fakeApi.contacts.push(body);
    return ok({ message: 'Message sent' });
  }),
];
