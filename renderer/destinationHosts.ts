/**
 * Lead delivery destinations written in the record (webhook and ADF-over-HTTP URLs, the SMTP
 * host) must be public addresses: a record aiming the lead server at 127.0.0.1, the private
 * network or a cloud metadata service is refused by `validate`, decided without DNS by the
 * operator's address policy (net/addressPolicy.ts, FORECOURT_ALLOW_DESTINATIONS). Names are
 * resolved and checked again when sending.
 */
import { hostRefusal, policyFromEnv, type AddressPolicy } from '../net/addressPolicy.ts';
import type { Problem } from './validate.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined; // the schema reports a URL that does not parse
  }
}

const refused = ({ pointer, refusal }: { pointer: string; refusal: string }): Problem => ({
  pointer,
  code: 'destination-address',
  target: 'value',
  message: `is not a public destination: ${refusal}`,
  hint: 'Use the public host name of the CRM, webhook receiver or mail server; the operator allows a local or private address by listing it in FORECOURT_ALLOW_DESTINATIONS.',
});

/**
 * One problem per record-written delivery destination the operator's policy (from `env`) refuses.
 * A malformed FORECOURT_ALLOW_DESTINATIONS is reported at each destination it leaves unchecked.
 */
export function destinationHostProblems({ value, env }: { value: unknown; env: Readonly<Record<string, string | undefined>> }): Problem[] {
  if (!isObject(value) || !isObject(value.lead_delivery)) return [];
  const delivery = value.lead_delivery;
  const hosts: { pointer: string; host: string }[] = [];
  if (isObject(delivery.smtp) && typeof delivery.smtp.host === 'string') hosts.push({ pointer: '/lead_delivery/smtp/host', host: delivery.smtp.host });
  (Array.isArray(delivery.destinations) ? delivery.destinations : []).forEach((destination, i) => {
    const host = isObject(destination) && typeof destination.url === 'string' ? hostOf(destination.url) : undefined;
    if (host !== undefined) hosts.push({ pointer: `/lead_delivery/destinations/${i}/url`, host });
  });
  if (hosts.length === 0) return [];
  let policy: AddressPolicy;
  try {
    policy = policyFromEnv(env);
  } catch (error) {
    const message = `cannot be checked: ${(error as Error).message}`;
    return hosts.map(({ pointer }) => ({
      pointer,
      code: 'destination-policy',
      target: 'value',
      message,
      hint: 'Fix the operator setting where validate runs.',
    }));
  }
  return hosts.flatMap(({ pointer, host }) => {
    const refusal = hostRefusal({ host, policy });
    return refusal ? [refused({ pointer, refusal })] : [];
  });
}
