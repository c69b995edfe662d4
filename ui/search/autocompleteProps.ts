/**
 * Build-time props of the header autocomplete: the form's target, the placeholder ('Search used
 * cars' where the dealer's default search is used cars, SPEC §2), the engine and money settings.
 */
import type { Site } from '../../domain/site.ts';
import { engineConfigFor } from './engineConfig.ts';
import { AUTOCOMPLETE_PLACEHOLDER, AUTOCOMPLETE_PLACEHOLDER_USED } from './labels.ts';
import { carTypesForPath } from './searchScope.ts';
import type { AutocompleteProps } from './Autocomplete.tsx';

/** Hits the autocomplete lists. */
export const AUTOCOMPLETE_LIMIT = 6;

/** The placeholder for a site: the used-cars one when its default search is used cars only. */
export function autocompletePlaceholder({ site }: { site: Pick<Site, 'default_search_path'> }): string {
  const types = carTypesForPath(site.default_search_path);
  return types && types.length === 1 && types[0] === 'used' ? AUTOCOMPLETE_PLACEHOLDER_USED : AUTOCOMPLETE_PLACEHOLDER;
}

/** The autocomplete island's props; `action` is the (safe) default search path. */
export function autocompleteProps({ site, action }: { site: Site; action: string }): AutocompleteProps {
  return {
    action,
    placeholder: autocompletePlaceholder({ site }),
    engine: engineConfigFor({ site }),
    locale: site.regionSettings.locale,
    currency: site.regionSettings.currency,
    inputId: 'fc-header-search',
    idPrefix: 'fc-ac',
    limit: AUTOCOMPLETE_LIMIT,
  };
}
