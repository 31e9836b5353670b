import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A real SMTP peer on 127.0.0.1 (tests only): every message it accepts is kept, decoded enough to read. */
export interface ReceivedEmail { from: string; to: string[]; subject: string; text: string; html?: string; raw: string }

export interface LocalSmtpServer { url: string; received: ReceivedEmail[]; close(): Promise<void> }

/** Quoted-printable soft breaks and escapes, and RFC 2047 encoded-words in headers. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
function decodeHeader(value: string): string {
  // RFC 2047: white space between two adjacent encoded-words is not part of the text.
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) => (kind.toUpperCase() === 'B'
    ? Buffer.from(data, 'base64').toString('utf8')
    : decodeQuotedPrintable(data.replace(/_/g, ' '))));
}

/** Header block and decoded body of one MIME entity (the whole message, or one part of a multipart one). */
function parseEntity(entity: string) {
  const split = entity.indexOf('\r\n\r\n');
  const head = entity.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  let body = entity.slice(split + 4);
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1] ?? '';
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { header, body: body.replace(/\r\n/g, '\n').trimEnd() };
}

function parse(raw: string, from: string, to: string[]): ReceivedEmail {
  const message = parseEntity(raw);
  const subject = decodeHeader(message.header('Subject'));
  // multipart/alternative (text and HTML): each part is read on its own.
  const boundary = /boundary="?([^";]+)"?/i.exec(message.header('Content-Type'))?.[1];
  if (!boundary) return { from, to, subject, text: message.body, raw };
  const rawBody = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  const parts = rawBody.split(`--${boundary}`).slice(1).filter((p) => !p.startsWith('--')).map((p) => parseEntity(p.replace(/^\r\n/, '')));
  const part = (type: string) => parts.find((p) => p.header('Content-Type').toLowerCase().startsWith(type))?.body;
  return { from, to, subject, text: part('text/plain') ?? '', html: part('text/html'), raw };
}

export async function startLocalSmtpServer(): Promise<LocalSmtpServer> {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push(parse(Buffer.concat(chunks).toString('latin1'), from, session.envelope.rcptTo.map((r) => r.address)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
