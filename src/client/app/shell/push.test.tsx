import { screen, waitFor, within } from '@testing-library/react';
import { PLAYER } from '../../testing/handlers/fakeApi';
import { pushStore } from '../../testing/handlers/push';
import { renderApp, signInAs } from '../../testing/renderWithProviders';
import { base64UrlToBytes, registerServiceWorker } from './push';

const subscriptionJson = { endpoint: 'https://push.example.com/send/abc', expirationTime: null, keys: { p256dh: 'BNcRdreALRFX', auth: 'tBHItJI5svbpez7KI4CCXg' } };

function fakePushBrowser(existing: boolean) {
  const subscription = { toJSON: () => subscriptionJson, unsubscribe: jest.fn().mockResolvedValue(true) };
  const pushManager = {
    getSubscription: jest.fn().mockResolvedValue(existing ? subscription : null),
    subscribe: jest.fn().mockResolvedValue(subscription),
  };
  const register = jest.fn().mockResolvedValue({});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }), register } });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  return { pushManager, subscription, register };
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
  delete (window as { PushManager?: unknown }).PushManager;
});

const openPanel = async (user: ReturnType<typeof renderApp>['user']) => {
  await user.click(await screen.findByRole('button', { name: 'Open the user panel' }));
  return screen.findByRole('navigation', { name: 'User panel' });
};

describe('push notifications', () => {
  it('has no switch where the browser has no service workers or push', async () => {
    await signInAs(PLAYER);
    const { user } = renderApp();
    const panel = await openPanel(user);
    expect(within(panel).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    expect(within(panel).queryByRole('switch', { name: 'Notify me about pending results' })).not.toBeInTheDocument();
  });

  it("subscribes with the server's VAPID key and unsubscribes", async () => {
    const { pushManager, subscription } = fakePushBrowser(false);
    await signInAs(PLAYER);
    const { user } = renderApp();
    const panel = await openPanel(user);
    const toggle = await within(panel).findByRole('switch', { name: 'Notify me about pending results' });
    await user.click(toggle);
    await waitFor(() => expect(pushStore.subscriptions).toEqual([subscriptionJson]));
    expect(pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    expect(pushManager.subscribe.mock.calls[0][0].applicationServerKey).toHaveLength(65);
    expect(toggle).toBeChecked();
    pushManager.getSubscription.mockResolvedValue(subscription);
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(pushStore.unsubscriptions).toHaveLength(1));
    await waitFor(() => expect(subscription.unsubscribe).toHaveBeenCalled());
    expect(toggle).not.toBeChecked();
  });

  it('turns the switch back when subscribing fails', async () => {
    fakePushBrowser(false);
    pushStore.fail = true;
    await signInAs(PLAYER);
    const { user } = renderApp();
    const panel = await openPanel(user);
    const toggle = await within(panel).findByRole('switch', { name: 'Notify me about pending results' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
  });

  it('registers the service worker and only logs a failure', async () => {
    const { register } = fakePushBrowser(false);
    await registerServiceWorker();
    expect(register).toHaveBeenCalledWith('/service-worker.js');
    register.mockRejectedValue(new Error('blocked'));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(registerServiceWorker()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
    warn.mockRestore();
  });

  it('decodes base64url VAPID keys', () => {
    expect([...base64UrlToBytes('AQID_-8')]).toEqual([1, 2, 3, 255, 239]);
  });
});
