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
      <Island name="CompareStrip" component={CompareStrip} props={{ searchPath }} />
    </div>
  );
}
