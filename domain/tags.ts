/**
 * The car tag values of SPEC §3 ("Tag values") and the test-drive-only test shared by the
 * tag banner, reserve eligibility and analytics.
 */

/** SPEC §3 Car tag values, verbatim. */
export const TAG_VALUES = {
  testDriveOnly: 'Test Drive Only',
  testDriveVehicleOnly: '*** Test Drive Vehicle Only ***',
  special: 'Special',
  preorder: 'Pre-order',
} as const;

/** True when the tag marks a car that can only be test driven (either spelling SPEC lists). */
export function isTestDriveOnlyTag(tag: string | null | undefined): boolean {
  if (tag == null) return false;
  const trimmed = String(tag).trim();
  return trimmed === TAG_VALUES.testDriveOnly || trimmed === TAG_VALUES.testDriveVehicleOnly;
}
