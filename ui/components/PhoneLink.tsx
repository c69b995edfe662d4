/**
 * A phone number: shown in the region's national format, a `tel:` link in E.164
 * (domain/phoneFormat.ts). Inside a car page's shell a number that has a reveal on the page is
 * that reveal instead, masked until clicked ({@link PhoneMaskingContext}). Validation of numbers
 * is domain/phone.ts's job, not this one.
 */
import { useContext, type ReactNode } from 'react';
import { formatPhone, phoneTel } from '../../domain/phoneFormat.ts';
import { encodePhone } from '../../domain/phoneReveal.ts';
import { safeHref } from '../../domain/safeUrl.ts';
import type { Region } from '../../domain/site.ts';
import { Island } from '../Island.tsx';
import { PhoneReveal } from '../islands/PhoneReveal.tsx';
import { Icon } from './Icon.tsx';
import { PhoneMaskingContext } from './phoneMasking.ts';

/** `tel:` URL of a number (E.164 where the region dials it so), or undefined when it has no digits. */
export function telHref({ phone, region }: { phone: string; region: Region }): string | undefined {
  const tel = phoneTel({ phone, region });
  return tel ? safeHref(tel) : undefined;
}

/** Props of {@link PhoneLink}. */
export interface PhoneLinkProps {
  phone: string | null | undefined;
  /** The site's region: how the number is written and dialled. */
  region: Region;
  className?: string;
  /** Shown instead of the number (the number is still the accessible name's suffix). */
  children?: ReactNode;
  /** Draws a phone icon before the text. */
  icon?: boolean;
}

/** A click-to-call link; renders nothing when there is no usable number. */
export function PhoneLink({ phone, region, className, children, icon = false }: PhoneLinkProps) {
  const masking = useContext(PhoneMaskingContext);
  if (!phone) return null;
  const href = telHref({ phone, region });
  if (!href) return null;
  const shown = formatPhone({ phone, region });
  if (masking?.tels.includes(href)) {
    return (
      <Island
        inline
        name="PhoneReveal"
        component={PhoneReveal}
        props={{
          phone: encodePhone({ shown, tel: href }),
          carId: null,
          dealershipId: null,
          websiteId: masking.websiteId,
          api: masking.api,
          ...(typeof children === 'string' ? { text: children } : {}),
          ...(icon ? { icon } : {}),
          className: className ? `phone-link ${className}` : 'phone-link',
        }}
      />
    );
  }
  return (
    <a className={className ? `phone-link ${className}` : 'phone-link'} href={href} data-phone-click="">
      {icon ? <Icon name="phone" size={16} /> : null}
      {children ?? shown}
    </a>
  );
}
