/**
 * Sending one delivery to its destination: email and ADF email over SMTP (nodemailer), ADF by
 * HTTP POST, signed JSON webhooks. Addresses, URLs and secrets named by environment variables
 * are read here, when sending, and never stored.
 */
import nodemailer from 'nodemailer';
import type { DeliveryDestination } from '../../domain/leadDelivery.ts';
import { envNameRefusal } from '../../domain/recordEnvNames.ts';
import type { ServedSiteConfig } from '../siteConfig.ts';
import { ADF_CONTENT_TYPE, adfDocument } from './adfDocument.ts';
import type { LeadMessage } from './leadMessage.ts';
import { salespersonEmail } from './salespersonEmail.ts';
import { DELIVERY_ID_HEADER, SIGNATURE_HEADER, signWebhook } from './webhookSignature.ts';

/** A failure that no retry can fix (the destination is misconfigured). */
export class PermanentDeliveryError extends Error {
  override name = 'PermanentDeliveryError';
}

/** What a sender needs besides the message. */
export interface SendContext {
  site: ServedSiteConfig;
  env: NodeJS.ProcessEnv;
  /** Unix time of the attempt (signatures). */
  now: Date;
  /** Milliseconds an HTTP POST or SMTP session may take. */
  timeoutMs: number;
}

/** Sends `message` to `destination`; throws on failure (the worker retries). */
export async function sendDelivery({
  destination,
  message,
  context,
}: {
  destination: DeliveryDestination;
  message: LeadMessage;
  context: SendContext;
}): Promise<void> {
  switch (destination.type) {
    case 'email': {
      const email = salespersonEmail({ message });
      await sendMail({ destination, message, context, mail: { subject: email.subject, text: email.text, html: email.html } });
      return;
    }
    case 'adf_email': {
      const xml = adfDocument({ message });
      // CRMs read the ADF document from the body; the attachment is for those that take files.
      await sendMail({
        destination,
        message,
        context,
        mail: { subject: `ADF lead ${message.delivery_id}`, text: xml, attachments: [{ filename: 'lead.xml', content: xml, contentType: ADF_CONTENT_TYPE }] },
      });
      return;
    }
    case 'adf_http':
      await post({ destination, message, context, body: adfDocument({ message }), contentType: ADF_CONTENT_TYPE });
      return;
    case 'webhook':
      await post({ destination, message, context, body: JSON.stringify({ ...message, event: `${message.kind}.created` }), contentType: 'application/json' });
      return;
  }
}

async function sendMail({
  destination,
  message,
  context,
  mail,
}: {
  destination: DeliveryDestination;
  message: LeadMessage;
  context: SendContext;
  mail: { subject: string; text: string; html?: string; attachments?: { filename: string; content: string; contentType: string }[] };
}): Promise<void> {
  const to = destination.to ?? fromEnv({ env: context.env, name: destination.to_env, what: 'recipient' });
  const transport = nodemailer.createTransport({
    ...smtpOptions({ context }),
    connectionTimeout: context.timeoutMs,
    greetingTimeout: context.timeoutMs,
    socketTimeout: context.timeoutMs,
  });
  const from = context.site.lead_delivery.from;
  if (!from) throw new PermanentDeliveryError('lead_delivery.smtp.from (or the record email) is not set');
  const replyTo = message.contact.email && /^[^\s@<>]+@[^\s@<>]+$/.test(message.contact.email) ? message.contact.email : undefined;
  try {
    await transport.sendMail({
      from,
      to,
      replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments,
      // The same id on every retry: a mailbox or CRM can drop a copy it already has.
      messageId: `<${message.delivery_id}@forecourt.delivery>`,
      headers: { [DELIVERY_ID_HEADER]: message.delivery_id },
    });
  } finally {
    transport.close();
  }
}

/** nodemailer's SMTP options: the URL in `smtp.url_env`, else host and port with the user and password variables. */
function smtpOptions({
  context,
}: {
  context: SendContext;
}): { url: string } | { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } {
  const smtp = context.site.lead_delivery.smtp;
  const url = smtp.url_env ? allowedEnv({ env: context.env, name: smtp.url_env, what: 'SMTP URL' }) : undefined;
  if (url) return { url };
  if (!smtp.host) throw new Error(smtp.url_env ? `${smtp.url_env} is not set` : 'lead_delivery.smtp has no host or url_env');
  const user = smtp.user_env ? fromEnv({ env: context.env, name: smtp.user_env, what: 'SMTP user' }) : undefined;
  const pass = smtp.password_env ? fromEnv({ env: context.env, name: smtp.password_env, what: 'SMTP password' }) : undefined;
  return { host: smtp.host, port: smtp.port, secure: smtp.secure, auth: user !== undefined ? { user, pass: pass ?? '' } : undefined };
}

async function post({
  destination,
  message,
  context,
  body,
  contentType,
}: {
  destination: DeliveryDestination;
  message: LeadMessage;
  context: SendContext;
  body: string;
  contentType: string;
}): Promise<void> {
  const url = destination.url ?? fromEnv({ env: context.env, name: destination.url_env, what: 'URL' });
  if (!/^https?:\/\//.test(url)) throw new PermanentDeliveryError(`${destination.name}: the URL must be http(s)`);
  const headers: Record<string, string> = { 'Content-Type': contentType, [DELIVERY_ID_HEADER]: message.delivery_id };
  if (destination.secret_env) {
    const secret = fromEnv({ env: context.env, name: destination.secret_env, what: 'signing secret' });
    headers[SIGNATURE_HEADER] = signWebhook({ secret, timestamp: Math.floor(context.now.getTime() / 1000), body });
  }
  const response = await fetch(url, { method: 'POST', headers, body, redirect: 'error', signal: AbortSignal.timeout(context.timeoutMs) });
  // Drain the answer so the connection is released; its content is not needed (nor logged).
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${new URL(url).host}`);
}

/** The variable `name` when a record may read it (domain/recordEnvNames.ts); a refused name is a permanent failure. */
function allowedEnv({ env, name, what }: { env: NodeJS.ProcessEnv; name: string; what: string }): string | undefined {
  const refusal = envNameRefusal({ name, env });
  if (refusal) throw new PermanentDeliveryError(`the record's ${what} ${refusal}`);
  return env[name];
}

function fromEnv({ env, name, what }: { env: NodeJS.ProcessEnv; name: string | undefined; what: string }): string {
  const value = name ? allowedEnv({ env, name, what }) : undefined;
  if (!value) throw new Error(`the ${what} variable ${name ?? '(none named)'} is not set`);
  return value;
}
