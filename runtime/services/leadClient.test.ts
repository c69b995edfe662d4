import { describe, expect, it } from 'vitest';
import { apiRoot, leadBody, leadEndpoint } from './leadBody.ts';
import { submitLead, type LeadClientEnv } from './leadClient.ts';
import type { LeadRequest } from '../../ui/islandServices.ts';
import { TIMEOUT_MESSAGE } from '../../domain/formMessages.ts';

const session = { visited_pages: ['/', '/cars/x'], linked_query_params: { utm_source: 'google' } };
const context = {
  dealership_slug: 'shopper-motors',
  website_slug: 'shopper-motors',
  car_id: 9001,
  car_dealership_id: 301,
  page_id: '/cars/x',
  location_id: null,
};

function env(answer: () => Promise<Response>): LeadClientEnv & { calls: { url: string; init: RequestInit }[]; errors: Error[] } {
  const calls: { url: string; init: RequestInit }[] = [];
  const errors: Error[] = [];
  return {
    calls,
    errors,
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }) as typeof fetch,
    session: () => session,
    url: () => 'http://127.0.0.1:4300/cars/x?utm_source=google',
    userAgent: 'TestAgent/1.0',
    logError: (e) => errors.push(e),
  };
}

const request = (over: Partial<LeadRequest> = {}): LeadRequest => ({
  api: { api_base: '', mock_mode: false },
  form: 'enquiry',
  values: { name: 'Ann', last_name: 'Lee', email: 'ann@example.com', phone: '0412345678', postcode: '2300', message: 'Hi', opt_in: true },
  context,
  idempotencyKey: 'key-1',
  ...over,
});

const json = (status: number, body: unknown) => async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('SPEC §7 endpoints', () => {
  it('uses the api base, /mock in mock mode, PUT with a lead id and with-files for files', () => {
    expect(apiRoot({ api_base: '', mock_mode: false })).toBe('/api');
    expect(apiRoot({ api_base: 'https://leads.example/', mock_mode: true })).toBe('https://leads.example/mock');
    expect(leadEndpoint({ api: { api_base: '', mock_mode: false }, hasFiles: false })).toEqual({ method: 'POST', url: '/api/leads' });
    expect(leadEndpoint({ api: { api_base: '', mock_mode: false }, leadId: 12, hasFiles: false })).toEqual({ method: 'PUT', url: '/api/leads/12' });
    expect(leadEndpoint({ api: { api_base: '', mock_mode: true }, hasFiles: true })).toEqual({ method: 'POST', url: '/mock/leads/with-files' });
  });

  it('builds {lead: {form fields, context, source Website, user agent, visited pages, linked query params}}', () => {
    const body = leadBody({ form: 'enquiry', values: { name: 'Ann', car_id: 1 }, context, session, url: 'http://x/cars/x', userAgent: 'UA' });
    expect(body).toEqual({
      lead: {
        name: 'Ann',
        form: 'enquiry',
        dealership_slug: 'shopper-motors',
        website_slug: 'shopper-motors',
        url: 'http://x/cars/x',
        source: 'Website',
        user_agent: 'UA',
        visited_pages: ['/', '/cars/x'],
        linked_query_params: { utm_source: 'google' },
        lead_attributes: { visited_pages: ['/', '/cars/x'], linked_query_params: { utm_source: 'google' } },
        car_id: 9001,
        car_dealership_id: 301,
        page_id: '/cars/x',
        location_id: null,
      },
    });
  });

  it('takes location_id from the location select when the page has none', () => {
    const body = leadBody({ form: 'general', values: { location_id: 32 }, context: { ...context, location_id: null }, session, url: '', userAgent: '' });
    expect(body.lead.location_id).toBe(32);
  });
});

describe('submitLead', () => {
  it('POSTs JSON with the Idempotency-Key and reads {id}', async () => {
    const e = env(json(201, { id: 41, update_token: 'tok-41' }));
    expect(await submitLead({ request: request(), env: e })).toEqual({ ok: true, id: 41, token: 'tok-41' });
    expect(e.calls[0].url).toBe('/api/leads');
    expect(e.calls[0].init.method).toBe('POST');
    expect((e.calls[0].init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
    const sent = JSON.parse(e.calls[0].init.body as string);
    expect(sent.lead).toMatchObject({
      name: 'Ann',
      opt_in: true,
      source: 'Website',
      user_agent: 'TestAgent/1.0',
      car_id: 9001,
      url: 'http://127.0.0.1:4300/cars/x?utm_source=google',
    });
  });

  it('PUTs a multi-step update with its lead_id and update token', async () => {
    const e = env(json(200, { id: 41 }));
    await submitLead({ request: request({ leadId: 41, updateToken: 'tok-41' }), env: e });
    expect(e.calls[0].url).toBe('/api/leads/41');
    expect(e.calls[0].init.method).toBe('PUT');
    expect((e.calls[0].init.headers as Record<string, string>)['Update-Token']).toBe('tok-41');
    expect(JSON.parse(e.calls[0].init.body as string).lead.lead_id).toBe(41);
  });

  it('reads lead_id first, then id (SPEC §7 shared create-lead step)', async () => {
    expect(await submitLead({ request: request(), env: env(json(201, { lead_id: 4242 })) })).toEqual({ ok: true, id: 4242, token: null });
    expect(await submitLead({ request: request(), env: env(json(201, { lead_id: '77', id: 5 })) })).toMatchObject({ ok: true, id: '77' });
    expect(await submitLead({ request: request(), env: env(json(201, { id: 5, update_token: 't' })) })).toEqual({ ok: true, id: 5, token: 't' });
  });

  it('gives up after the timeout with the timeout text, so the form can send again', async () => {
    const hung = env(() => new Promise<Response>(() => {}));
    // The fetch never settles on its own: only the client's abort ends it.
    hung.fetch = ((_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof fetch;
    const result = await submitLead({ request: request(), env: { ...hung, timeoutMs: 20 } });
    expect(result).toEqual({ ok: false, status: null, error: TIMEOUT_MESSAGE, errors: {}, timedOut: true });
    expect(hung.errors[0].message).toMatch(/did not answer the enquiry form within 20 ms/);
  });

  it('sends files multipart with the lead as JSON', async () => {
    const e = env(json(201, { id: 5 }));
    await submitLead({ request: request({ files: [{ field: 'files', file: new Blob(['cv']), name: 'cv.txt' }] }), env: e });
    expect(e.calls[0].url).toBe('/api/leads/with-files');
    const data = e.calls[0].init.body as FormData;
    expect(JSON.parse(data.get('lead') as string).lead.name).toBe('Ann');
    expect((data.get('files') as File).name).toBe('cv.txt');
  });

  it('returns the server error and field errors of a refusal', async () => {
    const e = env(json(400, { error: 'Invalid lead', errors: { email: 'invalid email address', n: 1 } }));
    expect(await submitLead({ request: request(), env: e })).toEqual({
      ok: false,
      status: 400,
      error: 'Invalid lead',
      errors: { email: 'invalid email address' },
    });
  });

  it('a network failure or a non-JSON 500 is a failure without server text, and is logged', async () => {
    const down = env(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await submitLead({ request: request(), env: down })).toEqual({ ok: false, status: null, error: null, errors: {} });
    expect(down.errors[0].cause).toBeInstanceOf(TypeError);
    const html = env(async () => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await submitLead({ request: request(), env: html })).toEqual({ ok: false, status: 502, error: null, errors: {} });
  });
});
