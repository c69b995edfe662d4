/**
 * HTTP requests to record-chosen destinations under the operator's address policy. The name is
 * resolved by our own lookup, every address it resolves to is checked, and the connection goes to
 * the address that was checked (no second resolution a DNS rebinding answer could change).
 * Redirects are followed by hand, each hop checked again.
 */
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress } from 'node:dns';
import type * as Undici from 'undici';
import type { Agent, RequestInit, Response } from 'undici';
import { addressRefusal, hostRefusal, type AddressPolicy } from './addressPolicy.ts';

/** A request refused by the address policy (never retried: the destination is not allowed). */
export class DestinationRefusedError extends Error {
  override name = 'DestinationRefusedError';
  readonly code = 'EDESTINATION';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `dns.lookup`-shaped function (for `net.connect`, undici's `connect.lookup`, or our own use)
 * that resolves every address of the name and refuses the name when any of them is refused.
 */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: { all?: boolean; family?: number } | number | LookupCallback, maybeCallback?: LookupCallback): void => {
    const callback = (typeof options === 'function' ? options : maybeCallback) as LookupCallback;
    const wantsAll = typeof options === 'object' && options !== null && options.all === true;
    const byName = hostRefusal({ host: hostname, policy });
    if (byName) return void callback(new DestinationRefusedError(byName), '', 0);
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      for (const { address } of addresses) {
        const refusal = addressRefusal({ address, policy });
        if (refusal) return callback(new DestinationRefusedError(`${hostname}: ${refusal}`), '', 0);
      }
      if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' }), '', 0);
      if (wantsAll) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** Resolves `host` to one allowed address (for clients that take an address, e.g. SMTP); throws {@link DestinationRefusedError}. */
export function resolveAllowed({ host, policy }: { host: string; policy: AddressPolicy }): Promise<string> {
  return new Promise((resolve, reject) => {
    guardedLookup(policy)(host, {}, (error, address) => (error ? reject(error) : resolve(address as string)));
  });
}

const agents = new WeakMap<AddressPolicy, Agent>();

/** undici, loaded on the first request: most commands (a build whose photos are all cached) send none, and it costs ~70 ms to load. */
const loadUndici = (): Promise<typeof Undici> => import('undici');

function agentFor({ policy, Agent }: { policy: AddressPolicy; Agent: typeof Undici.Agent }): Agent {
  let agent = agents.get(policy);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(policy) as never } });
    agents.set(policy, agent);
  }
  return agent;
}

const MAX_REDIRECTS = 5;

/**
 * `fetch` to a record-chosen URL: http(s) only, every hop's host checked against `policy` (IP
 * literals before connecting, names after resolving), at most five redirects unless
 * `redirect: 'error'` (then a redirect is an error) or `'manual'` (returned as is).
 */
export async function outboundFetch(url: string | URL, { policy, ...init }: RequestInit & { policy: AddressPolicy }): Promise<Response> {
  let target = new URL(url);
  const mode = init.redirect ?? 'follow';
  const { Agent, fetch: undiciFetch } = await loadUndici();
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new DestinationRefusedError(`${target.protocol} URLs are not fetched (http and https only)`);
    const refusal = hostRefusal({ host: target.hostname, policy });
    if (refusal) throw new DestinationRefusedError(refusal);
    const response = await undiciFetch(target, { ...init, redirect: 'manual', dispatcher: agentFor({ policy, Agent }) });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location || mode === 'manual') return response;
    await response.body?.cancel().catch(() => undefined);
    if (mode === 'error') throw new Error(`HTTP ${response.status} redirect from ${target.host} (redirects are not followed)`);
    if (hop >= MAX_REDIRECTS) throw new Error(`more than ${MAX_REDIRECTS} redirects from ${new URL(url).host}`);
    target = new URL(location, target);
  }
}
