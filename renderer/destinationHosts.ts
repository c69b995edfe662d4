/**
 * Lead delivery destinations written in the record (webhook and ADF-over-HTTP URLs, the SMTP
 * host) must be public addresses: a record aiming the lead server at 127.0.0.1, the private
 * network or a cloud metadata service is refused by `validate`, decided without DNS by the
 * operator's address policy (net/addressPolicy.ts, FORECOURT_ALLOW_DESTINATIONS). Names are
 * resolved and checked again when sending.
 */
import { hostRefusal, type AddressPolicy } from '../net/addressPolicy.ts';
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

/** One problem per record-written delivery destination the policy refuses. */
export function destinationHostProblems({ value, policy }: { value: unknown; policy: AddressPolicy }): Problem[] {
  if (!isObject(value) || !isObject(value.lead_delivery)) return [];
  const delivery = value.lead_delivery;
  const problems: Problem[] = [];
  if (isObject(delivery.smtp) && typeof delivery.smtp.host === 'string') {
    const refusal = hostRefusal({ host: delivery.smtp.host, policy });
    if (refusal) problems.push(refused({ pointer: '/lead_delivery/smtp/host', refusal }));
  }
  (Array.isArray(delivery.destinations) ? delivery.destinations : []).forEach((destination, i) => {
    if (!isObject(destination) || typeof destination.url !== 'string') return;
    const host = hostOf(destination.url);
    const refusal = host === undefined ? undefined : hostRefusal({ host, policy });
    if (refusal) problems.push(refused({ pointer: `/lead_delivery/destinations/${i}/url`, refusal }));
  });
  return problems;
}
