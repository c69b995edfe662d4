/**
 * SPEC §8: the header shell refuses a header navigation that is not a list, or a footer navigation
 * that is neither a list nor absent.
 */
import type { NavigationItem } from '../../domain/types.ts';

/** The SPEC §8 message, verbatim. */
export const NAVIGATION_ERROR = 'Cannot run without navigation';

/** The header and footer navigation lists, or throws Error('Cannot run without navigation'). */
export function requireNavigation({ navigation }: { navigation: unknown }): { header: NavigationItem[]; footer: NavigationItem[] } {
  const nav = (navigation ?? {}) as { header?: unknown; footer?: unknown };
  if (!Array.isArray(nav.header)) throw new Error(NAVIGATION_ERROR);
  if (nav.footer != null && !Array.isArray(nav.footer)) throw new Error(NAVIGATION_ERROR);
  return { header: nav.header as NavigationItem[], footer: (nav.footer as NavigationItem[] | null | undefined) ?? [] };
}
