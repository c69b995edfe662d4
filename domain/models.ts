/**
 * Models in navigation and the models page (SPEC §2 "Models in navigation", /models?body=).
 */
import type { Model } from './types.ts';

/** SPEC §9: a model's short description is cut at 75 characters. */
export const SHORT_DESCRIPTION_LENGTH = 75;

/** The parts of a model's navigation label: 'ALL-NEW' for a new model, '(HYBRID)' for Hybrid fuel. */
export function modelNavLabel({ model }: { model: Pick<Model, 'name' | 'status' | 'fuel'> }): {
  prefix: 'ALL-NEW' | null;
  name: string;
  tag: '(HYBRID)' | null;
} {
  const lower = (v: string | null | undefined) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
  return {
    prefix: lower(model.status) === 'new' ? 'ALL-NEW' : null,
    name: model.name,
    tag: lower(model.fuel) === 'hybrid' ? '(HYBRID)' : null,
  };
}

/** The first 75 characters. */
export function shortDescription(text: string | null | undefined): string {
  return String(text ?? '').slice(0, SHORT_DESCRIPTION_LENGTH);
}

/** /models?body={slug}: lowercased, '&' removed, each run of spaces one dash ('Cab Chassis' -> 'cab-chassis'). */
export function bodyFilterSlug(body: string): string {
  return String(body ?? '')
    .toLowerCase()
    .replace(/&/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

/**
 * The body groups /models?body={value} shows (SPEC §2): the group whose filter slug the value
 * names (compared as slugs, so ?body=SUV is ?body=suv); every group for no value, 'all', or a body
 * the page has no group for (a stale link still lists the range rather than nothing).
 */
export function shownBodyGroups({ body, slugs }: { body: string | null | undefined; slugs: readonly string[] }): string[] {
  const wanted = body == null ? '' : bodyFilterSlug(body);
  return slugs.includes(wanted) ? [wanted] : [...slugs];
}
