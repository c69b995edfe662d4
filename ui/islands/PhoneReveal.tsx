/**
 * Phone reveal (SPEC §4, §7, §8): the number shows its first 5 characters until clicked; a click
 * shows it in full as a tel: link, sends the reveal call (car_id, dealership_id, website_id)
 * once and logs event 25. Every reveal of the same number on the page shows with it (one reveal
 * call, one event 25). A record may start it shown. No number: a console warning and
 * nothing shown. Calling (the tel: link) logs POST /api/events/car_phone_call.
 */
import { useEffect, useRef, useState } from 'react';
import { EVENT_IDS } from '../../domain/analytics.ts';
import { maskPhone } from '../../domain/favourites.ts';
import { useIslandServices, type LeadApiConfig } from '../islandServices.ts';

/** Props of {@link PhoneReveal}. */
export interface PhoneRevealProps {
  phone: string | null;
  /** e.g. 'Sales' or 'Service' for department variants. */
  label?: string;
  carId: number | null;
  dealershipId: number | null;
  websiteId: number | null;
  api: LeadApiConfig;
  startShown?: boolean;
}

/** The page-level event that shows every reveal of one number (detail: the number's digits). */
const REVEALED_EVENT = 'forecourt:phone-revealed';

/** Numbers already revealed on this page (each is revealed, called and counted once). */
const revealedNumbers = new Set<string>();

/** tel: target of a displayed number (digits and a leading +). */
function tel(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The masked or shown number. */
export function PhoneReveal({ phone, label, carId, dealershipId, websiteId, api, startShown = false }: PhoneRevealProps) {
  const services = useIslandServices();
  const [shown, setShown] = useState(startShown);
  const sent = useRef(false);
  const digits = (phone ?? '').replace(/[^\d+]/g, '');
  useEffect(() => {
    if (!phone) console.warn(`No phone number for car ${carId ?? '(none)'}`);
  }, [phone, carId]);
  // Every occurrence of the number on the page shows once any one of them is revealed (also one hydrating later).
  useEffect(() => {
    if (!digits) return;
    if (revealedNumbers.has(digits)) setShown(true);
    const onReveal = (event: Event) => {
      if ((event as CustomEvent<string>).detail === digits) setShown(true);
    };
    globalThis.addEventListener?.(REVEALED_EVENT, onReveal);
    return () => globalThis.removeEventListener?.(REVEALED_EVENT, onReveal);
  }, [digits]);
  if (!phone) return null;
  const prefix = label ? `${label}: ` : '';
  if (!shown) {
    return (
      <button
        type="button"
        className="phone-reveal"
        aria-label={`${prefix}Show phone number ${maskPhone(phone)}`}
        onClick={() => {
          setShown(true);
          if (sent.current || revealedNumbers.has(digits)) return;
          sent.current = true;
          revealedNumbers.add(digits);
          globalThis.dispatchEvent?.(new CustomEvent(REVEALED_EVENT, { detail: digits }));
          services.revealPhone({ api, car_id: carId, dealership_id: dealershipId, website_id: websiteId });
          services.pushEvent({ event: 'phone_click', event_id: EVENT_IDS.phoneClick, car_id: carId });
        }}
      >
        {`${prefix}${maskPhone(phone)}`}
      </button>
    );
  }
  return (
    <a
      className="phone-reveal is-shown"
      href={tel(phone)}
      onClick={() => services.phoneCallEvent({ api, payload: { car_id: carId, dealership_id: dealershipId, website_id: websiteId, phone } })}
    >
      {`${prefix}${phone}`}
    </a>
  );
}
