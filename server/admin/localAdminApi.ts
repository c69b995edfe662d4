/**
 * /api/admin/local: what `forecourt leads` asks a running serve for (the serve holds the embedded
 * database, so the command cannot open it): the records, a person's export and their erasure, and
 * for `forecourt db backup` a tarball of the database taken between transactions.
 * Every request needs the Bearer token of ./localAccess.ts; without it, 401. One route needs
 * none: /challenge, where serve proves it holds the token before `leads` sends it.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { parsePersonKey, type PersonKey } from '../../domain/personMatch.ts';
import { HttpError } from '../answer.ts';
import { errorAnswer } from '../apiScope.ts';
import type { Database } from '../db/database.ts';
import { checkContentType } from '../requestGuards.ts';
import { CHALLENGE_NONCE, challengeProof, tokenMatches } from './localAccess.ts';
import { erasePerson, exportPerson } from './personData.ts';
import { parseRecordQuery } from './recordFilterQuery.ts';
import { listRecords } from './recordQuery.ts';

/** Who the audit trail names for a change made by `forecourt leads`. */
export const LEADS_COMMAND = 'forecourt leads';

/** Where the routes are mounted. */
export const LOCAL_ADMIN_PREFIX = '/api/admin/local';

/** Registers the routes under LOCAL_ADMIN_PREFIX. */
export const localAdminApi: FastifyPluginAsync<{ db: Database; token: string }> = async (app: FastifyInstance, { db, token }) => {
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === `${LOCAL_ADMIN_PREFIX}/challenge`) return;
    const header = request.headers.authorization ?? '';
    const presented = /^Bearer (\S+)$/.exec(header)?.[1];
    if (!presented || !tokenMatches({ presented, token }))
      throw new HttpError({ status: 401, message: 'This needs the access token of the running forecourt serve' });
    checkContentType({ request, body: 'json' });
  });
  app.setErrorHandler((error, _request, reply) => {
    const answer = errorAnswer({ error });
    return reply.code(answer.status).send(answer.body);
  });

  app.get('/challenge', async (request) => {
    const nonce = (request.query as Record<string, unknown>).nonce;
    if (typeof nonce !== 'string' || !CHALLENGE_NONCE.test(nonce))
      throw new HttpError({ status: 400, message: 'nonce must be 16 to 128 base64url characters' });
    return { proof: challengeProof({ token, nonce }) };
  });
  app.get('/records', async (request) => {
    const query = request.query as Record<string, unknown>;
    return { records: await listRecords({ db, filter: parseRecordQuery({ query, slug: slugOf(query.slug) }) }) };
  });
  app.get('/person', async (request) => {
    const query = request.query as Record<string, unknown>;
    return exportPerson({ db, slug: slugOf(query.slug), person: personOf(query.person) });
  });
  app.get('/backup', async (_request, reply) => {
    if (!db.dumpDataDir) throw new HttpError({ status: 400, message: 'This serve keeps leads in PostgreSQL: back them up with pg_dump' });
    const data = await db.dumpDataDir();
    return reply.type('application/gzip').header('cache-control', 'no-store').send(Buffer.from(data));
  });
  app.post('/erase', async (request: FastifyRequest) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    return erasePerson({ db, slug: slugOf(body.slug), person: personOf(body.person), actor: LEADS_COMMAND, address: request.ip });
  });
};

function slugOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim()) throw new HttpError({ status: 400, message: 'slug is required' });
  return value.trim();
}

function personOf(value: unknown): PersonKey {
  const key = parsePersonKey(typeof value === 'string' ? value : '');
  if ('error' in key) throw new HttpError({ status: 400, message: key.error });
  return key;
}
