/**
 * The success page's personal line: which enquiry was received (the ?category= of SPEC §2's
 * success URL) and, after a test drive, the booking from the stored success record (SPEC §3).
 * Renders nothing on the server (the page's generic thanks stands on its own).
 */
import { useEffect, useState } from 'react';
import { useIslandServices } from '../islandServices.ts';
import { formatShortDate, spell } from '../../domain/region.ts';
import type { Region } from '../../domain/site.ts';
import { DEFAULT_REGION } from '../../domain/regionTable.ts';

/** Props of {@link SuccessDetails}. */
export interface SuccessDetailsProps {
  /** The site's region: the category is shown in its spelling ('Used Vehicle Inquiry' in the US). */
  region?: Region;
}

/** 'used-vehicle-enquiry' -> 'Used Vehicle Enquiry'. */
export function categoryTitle(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** A datetime-local value ('2025-06-20T10:00') in the region's date format: '20/06/2025 at 10:00', US '06/20/2025 at 10:00'. */
export function bookingTime({ dateTime, region }: { dateTime: string; region: Region }): string {
  const [day, time = ''] = dateTime.split('T');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? formatShortDate({ date: `${day}T00:00:00Z`, region }) : day;
  return time ? `${date} at ${time}` : date;
}

/** The line. */
export function SuccessDetails({ region = DEFAULT_REGION }: SuccessDetailsProps) {
  const services = useIslandServices();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const category = new URLSearchParams(window.location.search).get('category');
    const record = services.readSuccess();
    const parts: string[] = [];
    if (category) parts.push(`We have received your ${spell({ text: categoryTitle(category), region })}.`);
    // A test drive's record, when it was stored moments ago (not one from an earlier visit).
    const fresh = record && typeof record.at === 'number' && Date.now() - record.at < 10 * 60_000;
    if (fresh && record.category === 'Test Drive' && typeof record.car_name === 'string' && record.car_name) {
      const when = typeof record.dateTime === 'string' && record.dateTime ? ` for ${bookingTime({ dateTime: record.dateTime, region })}` : '';
      parts.push(`Your test drive of the ${record.car_name}${when} is requested.`);
    }
    setText(parts.length ? parts.join(' ') : null);
  }, [services, region]);
  return text ? (
    <p className="success-details" role="status">
      {text}
    </p>
  ) : null;
}
