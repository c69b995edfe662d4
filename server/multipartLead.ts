/**
 * The multipart body of POST /api/leads/with-files (SPEC §7): its limits and accepted file
 * types, the parts read (fields as cleaned text, files streamed to disk, owner-only, under random names),
 * and the lead those fields stand for.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { HttpError, invalidFields } from './answer.ts';
import { JSON_BODY_LIMIT } from './apiScope.ts';
import type { UploadColumns } from './db/leadStore.ts';
import { requestHash } from './idempotency.ts';
import { isObject } from './jsonRoute.ts';
import { ownerOnlyDir, OWNER_ONLY_FILE } from './db/ownerOnly.ts';
import { cleanText, fieldNameProblem, hasControlCharacter, parseJsonBody, printableName } from './requestBody.ts';

/** Limits of POST /api/leads/with-files. */
export const UPLOAD_LIMITS = {
  /** Bytes per file. */
  fileSize: 10 * 1024 * 1024,
  files: 5,
  fields: 100,
  /** Bytes per non-file field (the `lead` JSON field included). */
  fieldSize: JSON_BODY_LIMIT,
  parts: 110,
} as const;

/** File types a lead may carry: photos, scans and CVs. */
export const ACCEPTED_UPLOAD_TYPES = [
  /^image\/(jpeg|png|gif|webp|heic|heif)$/,
  /^application\/pdf$/,
  /^application\/msword$/,
  /^application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document$/,
  /^text\/plain$/,
];

/** An uploaded file written to disk. */
export type StoredFile = UploadColumns;

/**
 * Reads every part: fields as cleaned strings, files streamed to `folder` under random names.
 * `hash` identifies the request's content for its Idempotency-Key: the fields and each file's
 * name, type and SHA-256, not the raw bytes (a browser picks a new boundary on every send).
 * A malformed or truncated body is the client's fault (400); the files of a failed read are removed.
 */
export async function readMultipart({
  request,
  folder,
}: {
  request: FastifyRequest;
  folder: string;
}): Promise<{ fields: Record<string, string>; files: StoredFile[]; hash: string }> {
  const fields: Record<string, string> = {};
  const files: StoredFile[] = [];
  const fileHashes: string[][] = [];
  try {
    for await (const part of request.parts()) {
      const nameProblem = fieldNameProblem(part.fieldname);
      if (nameProblem) {
        if (part.type === 'file') part.file.resume();
        throw invalidFields({ [printableName(part.fieldname)]: nameProblem });
      }
      if (part.type === 'field') {
        fields[part.fieldname] = cleanText(String(part.value));
        continue;
      }
      if (!part.filename) {
        // An empty <input type=file> still sends a part; nothing to keep.
        part.file.resume();
        continue;
      }
      if (hasControlCharacter(part.filename) || cleanText(part.filename) !== part.filename) {
        part.file.resume();
        throw invalidFields({ [part.fieldname]: 'The file name must not contain control characters' });
      }
      if (!ACCEPTED_UPLOAD_TYPES.some((type) => type.test(part.mimetype))) {
        part.file.resume();
        throw invalidFields({ [part.fieldname]: `File type ${part.mimetype} is not accepted (images, PDF, Word or text)` });
      }
      // Shoppers' files: owner-only whatever the umask (server/db/ownerOnly.ts).
      await ownerOnlyDir({ dir: folder });
      const storedPath = path.join(folder, `${randomUUID()}${safeExtension(part.filename)}`);
      let size = 0;
      const digest = createHash('sha256');
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          digest.update(chunk);
          callback(null, chunk);
        },
      });
      const filename = cleanText(path.basename(part.filename)).slice(0, 255);
      files.push({ field: part.fieldname, filename, storedPath, mimetype: part.mimetype, size: 0 });
      await pipeline(part.file, counter, createWriteStream(storedPath, { mode: OWNER_ONLY_FILE }));
      files[files.length - 1].size = size;
      fileHashes.push([part.fieldname, filename, part.mimetype, digest.digest('hex')]);
    }
  } catch (error) {
    await Promise.all(files.map((file) => rm(file.storedPath, { force: true })));
    throw multipartError(error);
  }
  const sortedFields = Object.keys(fields)
    .sort()
    .map((name) => [name, fields[name]]);
  return { fields, files, hash: requestHash(JSON.stringify({ fields: sortedFields, files: fileHashes })) };
}

/** A failed multipart read: ours (disk, 5xx) stays as it is; a broken body becomes 400. */
function multipartError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { statusCode, syscall } = (error ?? {}) as { statusCode?: number; syscall?: string };
  // File system errors (disk full ...) carry a syscall; limits carry their own 4xx status.
  if (syscall !== undefined || (statusCode !== undefined && statusCode >= 400)) return error;
  return new HttpError({ status: 400, message: 'The multipart/form-data body is malformed or truncated', cause: error });
}

function safeExtension(filename: string): string {
  const ext = path.extname(filename).toLowerCase();
  return /^\.[a-z0-9]{1,8}$/.test(ext) ? ext : '';
}

/** Lead fields whose multipart text stands for a boolean. */
const BOOLEAN_FIELDS = new Set(['opt_in', 'form_completed', 'terms_conditions', 'terms_agreed', 'isLastStep']);

/**
 * The lead of a multipart body: a `lead` field holding JSON (SPEC §7 body shape), else the
 * plain fields (`name` or `lead[name]`), with "true"/"false" read as booleans.
 */
export function leadFromFields({ fields }: { fields: Record<string, string> }): Record<string, unknown> {
  if (typeof fields.lead === 'string') {
    let parsed: unknown;
    try {
      parsed = parseJsonBody(fields.lead);
    } catch (error) {
      const reason = error instanceof HttpError && error.errors ? error.message : 'The lead field is not valid JSON';
      throw new HttpError({
        status: 400,
        message: reason,
        errors: error instanceof HttpError && error.errors ? error.errors : { lead: 'must be JSON' },
        cause: error,
      });
    }
    const lead = isObject(parsed) && isObject(parsed.lead) ? parsed.lead : parsed;
    if (!isObject(lead)) throw invalidFields({ lead: 'must be a JSON object' });
    return lead;
  }
  const lead: Record<string, unknown> = {};
  for (const [raw, value] of Object.entries(fields)) {
    const name = raw.replace(/^lead\[(.+)\]$/, '$1');
    if (name === '__proto__' || name === 'constructor' || name === 'prototype') continue;
    if (BOOLEAN_FIELDS.has(name) && (value === 'true' || value === 'false')) lead[name] = value === 'true';
    else if (name === 'step_number' && /^\d{1,6}$/.test(value)) lead[name] = Number(value);
    else lead[name] = value;
  }
  return lead;
}
