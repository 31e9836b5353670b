import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { smtpMailer } from './mailer';

/** A mail server that accepts connections and never says a word. */
let silent: Server;
const sockets: Socket[] = [];
beforeAll(async () => {
  silent = createServer((socket) => { sockets.push(socket); });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('SMTP mailer', () => {
  it('gives up on a mail server that never greets within its timeouts, instead of nodemailer\'s minutes', async () => {
    const port = (silent.address() as AddressInfo).port;
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Porra <no-reply@porra.test>', { connectionTimeout: 500, greetingTimeout: 300, socketTimeout: 500 });
    const started = Date.now();
    await expect(mailer.send({ to: 'root@example.com', subject: 'Test', text: 'Hello' })).rejects.toThrow(/greeting/i);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
