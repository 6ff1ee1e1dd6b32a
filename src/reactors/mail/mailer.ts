import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer when SMTP_URL is set; otherwise .eml files in `<dataDir>/mail`. */
export function createMailer(opts: { smtpUrl: string | null; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return { send: async (m) => void (await transport.sendMail({ from: opts.from, ...m })) };
  }
  const dir = join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async (m) => {
      const info = await transport.sendMail({ from: opts.from, ...m });
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${Date.now()}-${randomUUID()}.eml`), info.message as Buffer, { mode: 0o600 });
    },
  };
}
