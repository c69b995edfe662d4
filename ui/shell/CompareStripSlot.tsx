/**
 * Slot for the compare strip (SPEC §2): fixed at the viewport bottom so showing the strip never
 * shifts the page; the CompareStrip island inside shows for 5 seconds after the saved list changes.
 */
import { Island } from '../Island.tsx';
import { CompareStrip } from '../islands/CompareStrip.tsx';

/** The slot with the compare strip island; `searchPath` is the 'Get Started' target. */
export function CompareStripSlot({ searchPath = '/' }: { searchPath?: string }) {
  return (
    <div className="compare-strip-slot" data-compare-strip="">
      {/* Hidden until the saved list changes, which only a hydrated heart can do (card hearts wait
          for idle too): it hydrates when the browser is idle, out of the first-load script. */}
      <Island name="CompareStrip" component={CompareStrip} props={{ searchPath }} when="idle" />
    </div>
  );
}
