/**
 * Sending one delivery to its destination: email and ADF email over SMTP (nodemailer), ADF by
 * HTTP POST, signed JSON webhooks. Addresses, URLs and secrets named by environment variables
 * are read here, when sending, and never stored. Every destination is the record's choice, so
 * each goes through the operator's address policy (net/): HTTP by outboundFetch, SMTP by
 * resolving the host to an allowed address and connecting to that address (TLS still checks
 * the certificate against the host name). A refused destination is a permanent failure.
 */
import { isIP } from 'node:net';
import nodemailer from 'nodemailer';
import type { AddressPolicy } from '../../net/addressPolicy.ts';
import { DestinationRefusedError, outboundFetch, resolveAllowed } from '../../net/outboundFetch.ts';
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
  /** Which addresses a destination may resolve to (the operator's FORECOURT_ALLOW_DESTINATIONS). */
  policy: AddressPolicy;
}

/** The start of the last error of a destination the address policy refused. */
export const REFUSED_DESTINATION = 'refused by the address policy';

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
  try {
    await sendTo({ destination, message, context });
  } catch (error) {
    // Only the policy's reason (which address, which range): never what the destination answered.
    const refusal = refusalOf(error);
    if (refusal) throw new PermanentDeliveryError(`${destination.name}: ${REFUSED_DESTINATION}: ${refusal.message}`);
    throw error;
  }
}

/** The policy's refusal behind an error (fetch wraps the refused connection as its cause). */
function refusalOf(error: unknown): DestinationRefusedError | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof DestinationRefusedError) return current;
  }
  return null;
}

async function sendTo({ destination, message, context }: { destination: DeliveryDestination; message: LeadMessage; context: SendContext }): Promise<void> {
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
      await post({ destination, message, context, body: webhookBody({ message }), contentType: 'application/json' });
      return;
  }
}

/** The JSON a webhook receives: the message with its event name (`lead.created` ...). */
export function webhookBody({ message }: { message: LeadMessage }): string {
  return JSON.stringify({ ...message, event: `${message.kind}.created` });
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
    ...(await smtpOptions({ context })),
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

/**
 * nodemailer's SMTP options: the URL in `smtp.url_env` (smtp://user:password@host:587, STARTTLS
 * when offered, or smtps://...:465), else host and port with the user and password variables.
 * The host is resolved here, under the address policy, and nodemailer connects to that address;
 * `tls.servername` keeps certificate checks (and SNI) on the host name.
 */
async function smtpOptions({ context }: { context: SendContext }): Promise<{
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
  tls: { servername?: string };
}> {
  const smtp = context.site.lead_delivery.smtp;
  const url = smtp.url_env ? allowedEnv({ env: context.env, name: smtp.url_env, what: 'SMTP URL' }) : undefined;
  let server: { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } };
  if (url) server = parseSmtpUrl({ url, variable: smtp.url_env! });
  else {
    if (!smtp.host) throw new Error(smtp.url_env ? `${smtp.url_env} is not set` : 'lead_delivery.smtp has no host or url_env');
    const user = smtp.user_env ? fromEnv({ env: context.env, name: smtp.user_env, what: 'SMTP user' }) : undefined;
    const pass = smtp.password_env ? fromEnv({ env: context.env, name: smtp.password_env, what: 'SMTP password' }) : undefined;
    server = { host: smtp.host, port: smtp.port, secure: smtp.secure, auth: user !== undefined ? { user, pass: pass ?? '' } : undefined };
  }
  const address = await resolveAllowed({ host: server.host, policy: context.policy });
  const name = server.host.replace(/^\[|\]$/g, '');
  // An IP literal is checked as itself (SNI carries no address); a name keeps its certificate check.
  return { ...server, host: address, tls: isIP(name) ? {} : { servername: name } };
}

/** An SMTP URL's parts; the error names the variable, never its value (it holds a password). */
function parseSmtpUrl({ url, variable }: { url: string; variable: string }): {
  host: string;
  port: number;
  secure: boolean;
  auth?: { user: string; pass: string };
} {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new PermanentDeliveryError(`${variable} is not a URL (smtp://user:password@host:587 or smtps://user:password@host:465)`);
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw new PermanentDeliveryError(`${variable} must be an smtp:// or smtps:// URL`);
  const secure = parsed.protocol === 'smtps:';
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass: decodeURIComponent(parsed.password) } : undefined,
  };
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
  const response = await outboundFetch(url, {
    policy: context.policy,
    method: 'POST',
    headers,
    body,
    redirect: 'error',
    signal: AbortSignal.timeout(context.timeoutMs),
  });
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
