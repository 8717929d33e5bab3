import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxWriter } from './sms.ts';

export interface MailMessage {
  merchantId: number;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * E-mail through nodemailer: SMTP when SMTP_URL is set; otherwise nodemailer's stream transport
 * builds the real message and the text goes to the developer outbox (served only in demo mode)
 * and the server log.
 */
export class NodeMailer implements Mailer {
  readonly name: string;
  private readonly transport: Transporter;
  constructor(
    private readonly from: string,
    smtpUrl: string | undefined,
    private readonly outbox: OutboxWriter,
    private readonly log: (msg: string) => void,
  ) {
    this.name = smtpUrl ? 'smtp' : 'dev';
    this.transport = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(message: MailMessage) {
    const { merchantId, ...mail } = message;
    const info = await this.transport.sendMail({ from: this.from, ...mail });
    if (this.name === 'dev') {
      const size = Buffer.isBuffer(info.message) ? info.message.length : 0;
      this.log(`[dev mail] to ${message.to}: ${message.subject} (${size} bytes)`);
      await this.outbox({ merchantId, channel: 'email', to: message.to, subject: message.subject, body: message.text });
    }
  }

  close() {
    this.transport.close();
  }
}
