/**
 * The compare strip as the browser hydrates it (runtime/islandRegistry.ts 'CompareStrip'). The
 * strip stays hidden until the saved list changes (SPEC §4), so until then this twin keeps the
 * server's markup and watches for the change; the strip itself (CompareStrip.tsx, with the saved
 * cars lookup and thumbnails) loads with the first change, not with the page.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useIslandServices, useStore } from '../islandServices.ts';
import type { CompareStripProps } from './CompareStrip.tsx';

let loading: Promise<ComponentType<CompareStripProps>> | null = null;

/** Loads the strip once (a failure is retried on the next change). */
function loadStrip(): Promise<ComponentType<CompareStripProps>> {
  loading ??= import('./CompareStrip.tsx').then(
    (module) => module.CompareStrip,
    (cause: unknown) => {
      loading = null;
      throw new Error('The compare strip could not be loaded', { cause });
    },
  );
  return loading;
}

/** The strip's inner HTML as the server rendered it (read once, at hydration). */
function serverStripHtml(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector('aside.compare-strip')?.innerHTML ?? '';
}

/** The compare strip island (browser twin of CompareStrip.tsx). */
export function CompareStrip(props: CompareStripProps) {
  const services = useIslandServices();
  const changedAt = useStore({ store: services.favouritesChangedAt, serverValue: null });
  const [html] = useState(serverStripHtml);
  const [Strip, setStrip] = useState<ComponentType<CompareStripProps> | null>(null);
  const changed = changedAt !== null;
  useEffect(() => {
    if (!changed || Strip) return;
    let live = true;
    loadStrip().then(
      (component) => live && setStrip(() => component),
      (error: Error) => console.error(error, error.cause),
    );
    return () => {
      live = false;
    };
  }, [changed, Strip]);
  if (Strip) return <Strip {...props} />;
  // Exactly the server's hidden strip (CompareStrip.tsx with nothing changed yet).
  return <aside className="compare-strip" aria-label="Compare cars" hidden data-visible="false" dangerouslySetInnerHTML={{ __html: html }} />;
}
