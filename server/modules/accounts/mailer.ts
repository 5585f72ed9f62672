import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { lazy } from '../../util/lazy';
import type { ServerConfig } from '../../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export const DEFAULT_MAIL_FROM = 'Hospital console <no-reply@localhost>';

/**
 * Mail through nodemailer: over SMTP when `smtpUrl` is set, otherwise each message is written as
 * an `.eml` file to `dataDir/outbox/` (open it with any mail program), so a machine without a
 * mail server still gets its one-time codes. nodemailer is loaded with the first message: most
 * server processes never send one.
 */
export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  const from = config.mailFrom ?? DEFAULT_MAIL_FROM;
  const outbox = path.join(config.dataDir, 'outbox');
  let transport: Transporter | undefined;
  const transportOf = lazy(async () => {
    const { default: nodemailer } = await import('nodemailer');
    return (transport = config.smtpUrl
      ? nodemailer.createTransport(config.smtpUrl, { from })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }, { from }));
  });
  return {
    async send(mail) {
      const info = (await (await transportOf()).sendMail(mail)) as { message?: unknown };
      if (config.smtpUrl) return;
      await fs.mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      // Written beside the outbox and renamed into it: whoever watches the outbox (a mail program,
      // a test) sees a whole message or none, never a file still empty or half written.
      const partial = path.join(config.dataDir, `.${name}.partial`);
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, path.join(outbox, name));
    },
    close: () => {
      transport?.close();
    },
  };
}
