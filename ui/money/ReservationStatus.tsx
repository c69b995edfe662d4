/**
 * The car page's 'Reserve Car Now' action, which becomes 'Reserved' once the car's deposit is
 * paid. The page is static and cannot change when a car is reserved, so this island asks
 * GET /api/cars/{id}/reservation after hydration (effects never run on the server); any failure leaves the server's markup.
 * Kept tiny on purpose (the car page is at its first-load JS budget): no shared API helper.
 */
import { useEffect, useState } from 'react';

/** Props of {@link ReservationStatus}. */
export interface ReservationStatusProps {
  /** GET URL of the car's reservation state ('{api root}/cars/{id}/reservation'). */
  url: string;
  /** The reserve page, or null when the car cannot be reserved online (then only the badge can show). */
  reserveHref: string | null;
}

/** The island. */
export function ReservationStatus({ url, reserveHref }: ReservationStatusProps) {
  const [reserved, setReserved] = useState(false);
  useEffect(() => {
    fetch(url, { headers: { Accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer: { reserved?: boolean } | null) => setReserved(answer?.reserved === true))
      .catch((cause: unknown) => console.warn(new Error(`${url} failed`, { cause })));
  }, [url]);
  if (reserved) {
    return (
      <span className="reserved-badge" role="status" data-reserved="">
        Reserved
      </span>
    );
  }
  return reserveHref ? (
    <a className="btn btn-outline" href={reserveHref}>
      Reserve Car Now
    </a>
  ) : null;
}
