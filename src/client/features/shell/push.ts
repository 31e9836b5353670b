import { routeTable, type RouteName } from '../../../shared/api/routeTable';
import { api } from '../../api/api';

export const SERVICE_WORKER_URL = '/service-worker.js';

export const pushSupported = (): boolean =>
  typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'PushManager' in window;

/** The route answering the server's VAPID public key, when the table has one. */
export function pushKeyRouteName(): RouteName | undefined {
  return (Object.keys(routeTable) as RouteName[]).find((name) => {
    const def = routeTable[name] as { method: string; path: string };
    return def.method === 'GET' && /push|vapid/.test(def.path);
  });
}

/** The key of whatever shape the key route answers: a string, or the first string field. */
export function keyOf(answer: unknown): string | undefined {
  if (typeof answer === 'string') return answer;
  if (answer && typeof answer === 'object') return Object.values(answer as Record<string, unknown>).find((v): v is string => typeof v === 'string');
  return undefined;
}

/** VAPID keys travel base64url-encoded; the push manager wants the bytes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = (value + '='.repeat((4 - (value.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const pushKeyEndpoint = () => {
  const name = pushKeyRouteName();
  return name ? (api.endpoints as Record<string, any>)[name] : undefined;
};

/** Registers the service worker at start; a failure is only logged (spec 7.5). */
export async function registerServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  } catch (error) {
    console.warn('Service worker registration failed', error);
  }
}
