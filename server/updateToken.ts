/**
 * Update tokens: each created lead and valuation gets an unguessable token, answered once with
 * its id; only a request carrying it may change the record (the row keeps its SHA-256, never
 * the token). Without the right token the record does not exist for that request (404).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { UPDATE_TOKEN_HEADER } from '../domain/leadApi.ts';

/** A new token and the hash to store. */
export function newUpdateToken(): { token: string; hash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, hash: tokenHash(token) };
}

/** SHA-256 (hex) of a token. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The hash of the token a request carries, or null when it carries none. */
export function requestTokenHash(request: FastifyRequest): string | null {
  const header = request.headers[UPDATE_TOKEN_HEADER.toLowerCase()];
  const token = Array.isArray(header) ? header[0] : header;
  return token && token.length <= 200 ? tokenHash(token) : null;
}
