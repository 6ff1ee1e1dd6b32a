import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID (without brackets' domain part chosen here): the same for a resend, so mail clients show one. */
  noticeId?: string;
  /** Files attached (an invoice's PDF), made when the mail is sent: the outbox keeps what to make them from. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Closes kept connections (the SMTP pool) at shutdown. */
  close?(): void;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise .eml files in `<dataDir>/mail`. */
export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  const mail = ({ noticeId, ...m }: MailMessage) => ({ from: opts.from, ...m, ...(noticeId ? { messageId: messageIdOf(noticeId, opts.from) } : {}) });
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(pooled(opts.smtpUrl));
    return { send: async (m) => void (await transport.sendMail(mail(m))), close: () => transport.close() };
  }
  const dir = join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // Asynchronous file calls: the server's other work goes on while the file is written (the
  // synchronous ones held the event loop for every notice; a booking sends two).
  return {
    send: async (m) => {
      const info = await transport.sendMail(mail(m));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${Date.now()}-${randomUUID()}.eml`), info.message as Buffer, { mode: 0o600 });
    },
  };
}

/** `<noticeId@domain of MAIL_FROM>`: a resent notice keeps its Message-ID (RFC 5322 3.6.4), and clients collapse it. */
export function messageIdOf(noticeId: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${noticeId}@${domain}>`;
}

/**
 * The SMTP URL with `pool=true` unless it says otherwise: a few connections kept open and reused
 * (nodemailer's pool), not a connection, greeting and handshake per mail.
 */
export function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}
