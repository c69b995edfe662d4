/**
 * Phone reveal (SPEC §4, §7, §8): the number shows its first 5 characters until clicked; a click
 * shows it in full as a tel: link, sends the reveal call (car_id, dealership_id, website_id)
 * once and logs event 25. Every occurrence of the number on the page (the car's blocks, the
 * enquiry section, the header and footer) reads one shared store of revealed numbers, so one
 * reveal shows them all and is counted once. The page holds the number only encoded
 * (domain/phoneReveal.ts). A record may start it shown. No number: a console warning and
 * nothing shown. Calling (the tel: link) logs POST /api/events/car_phone_call.
 */
import { useEffect } from 'react';
import { maskPhone } from '../../domain/favourites.ts';
import { decodePhone } from '../../domain/phoneReveal.ts';
import { Icon } from '../components/Icon.tsx';
import { useIslandServices, useStore, type LeadApiConfig } from '../islandServices.ts';

/** Props of {@link PhoneReveal}. */
export interface PhoneRevealProps {
  /** The number as domain/phoneReveal.ts encodePhone wrote it (national format and tel: URL); null when there is none. */
  phone: string | null;
  /** e.g. 'Sales' or 'Service' for department variants. */
  label?: string;
  /** The car the reveal counts against; null in the page shell (the page's car is used). */
  carId: number | null;
  dealershipId: number | null;
  websiteId: number | null;
  api: LeadApiConfig;
  startShown?: boolean;
  /** Text shown instead of the number (the mobile bar's 'Call Us'); the accessible name keeps the masked number. */
  text?: string;
  /** A phone icon before the text (the shell's call links). */
  icon?: boolean;
  /** Extra class of the shell link it stands in for. */
  className?: string;
}

const NONE: readonly string[] = [];

/** The masked or shown number. */
export function PhoneReveal({ phone: code, label, carId, dealershipId, websiteId, api, startShown = false, text, icon = false, className }: PhoneRevealProps) {
  const services = useIslandServices();
  const phone = decodePhone(code);
  const revealed = useStore({ store: services.revealedPhones, serverValue: NONE });
  const target = { api, car_id: carId, dealership_id: dealershipId, website_id: websiteId };
  useEffect(() => {
    if (!phone) console.warn(`No phone number for car ${carId ?? '(none)'}`);
    else if (carId != null) services.registerRevealCar({ target });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after hydration
  }, [services]);
  if (!phone) return null;
  const shown = startShown || revealed.includes(phone.tel);
  const prefix = label ? `${label}: ` : '';
  const classes = ['phone-reveal', shown ? 'is-shown' : '', className ?? ''].filter(Boolean).join(' ');
  const glyph = icon ? <Icon name="phone" size={16} /> : null;
  if (!shown) {
    const masked = maskPhone(phone.shown);
    return (
      <button
        type="button"
        className={classes}
        aria-label={`${prefix}Show phone number ${masked}`}
        onClick={() => services.showPhone({ tel: phone.tel, target })}
      >
        {glyph}
        {`${prefix}${text ?? masked}`}
      </button>
    );
  }
  return (
    <a
      className={classes}
      href={phone.tel}
      onClick={() => services.phoneCallEvent({ api, payload: { car_id: carId, dealership_id: dealershipId, website_id: websiteId, phone: phone.shown } })}
    >
      {glyph}
      {`${prefix}${text ?? phone.shown}`}
    </a>
  );
}
