/**
 * Slot for the compare strip (SPEC §2): an empty, fixed-size placeholder the compare island fills
 * in a later issue. Fixed at the viewport bottom so showing the strip never shifts the page.
 */
export function CompareStripSlot() {
  return <div className="compare-strip-slot" data-compare-strip="" />;
}
