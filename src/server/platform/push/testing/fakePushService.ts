import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/**
 * A local push service (tests only) over HTTPS with a self-signed certificate, as browsers' push services are:
 * it checks the VAPID authorisation (ES256 JWT for this origin, signed by the key it names) and decrypts the
 * aes128gcm payload (RFC 8291) with the subscription's private key, as the browser would.
 */
export interface ReceivedPush {
  id: string; vapidKey: string; claims: { aud: string; exp: number; sub: string }; ttl: string | undefined;
  contentEncoding: string | undefined; payload: unknown;
}

export type DeviceAnswer = 201 | 404 | 410 | 'never';

export interface FakeDevice {
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH; auth: Buffer;
}

export interface FakePushService {
  origin: string;
  agent: Agent;
  received: ReceivedPush[];
  rejected: { id: string; reason: string }[];
  /** Pushes to `never` devices that are still waiting for an answer. */
  hanging: number;
  /**
   * A browser subscription on this service; `answer` is what the service says to pushes for it (`never`: it
   * reads the push and never answers, as a dead or overloaded service).
   */
  device(answer?: DeviceAnswer): FakeDevice;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

function verifyVapid(header: string | undefined, origin: string): { vapidKey: string; claims: ReceivedPush['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`bad Authorization header: ${header}`);
  const [, jwt, k] = match;
  const [head, body, signature] = jwt.split('.');
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  if (!(claims.exp * 1000 > Date.now())) throw new Error('VAPID token expired');
  return { vapidKey: k, claims };
}

/** RFC 8291 (Web Push message encryption) over RFC 8188 aes128gcm, single record. */
function decrypt(body: Buffer, device: FakeDevice): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20];
  const senderKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('last record delimiter missing');
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(): Promise<FakePushService> {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec', algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const devices = new Map<string, { device: FakeDevice; answer: DeviceAnswer }>();
  const received: ReceivedPush[] = [];
  const rejected: { id: string; reason: string }[] = [];
  let origin = '';
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = (req.url ?? '').replace(/^\/push\//, '');
      const entry = devices.get(id);
      if (!entry) { res.writeHead(404).end(); return; }
      try {
        const { vapidKey, claims } = verifyVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${req.headers['content-encoding']}`);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), entry.device));
        if (entry.answer === 'never') {
          service.hanging += 1;
          res.on('close', () => { service.hanging -= 1; });
          return;
        }
        if (entry.answer !== 201) { res.writeHead(entry.answer).end(); return; }
        received.push({ id, vapidKey, claims, ttl: req.headers.ttl as string | undefined, contentEncoding: req.headers['content-encoding'], payload });
        res.writeHead(201).end();
      } catch (error) {
        rejected.push({ id, reason: (error as Error).message });
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: pems.cert, keepAlive: false });
  const service: FakePushService = {
    origin, agent, received, rejected, hanging: 0,
    device(answer: DeviceAnswer = 201) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(8).toString('hex');
      const device: FakeDevice = {
        subscription: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
        ecdh, auth,
      };
      devices.set(id, { device, answer });
      return device;
    },
    close: () => new Promise<void>((resolve) => { agent.destroy(); server.closeAllConnections(); server.close(() => resolve()); }),
  };
  return service;
}
