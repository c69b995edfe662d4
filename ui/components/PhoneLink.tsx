/**
 * A `tel:` link. The href keeps only digits and a leading '+' (how dialers expect it); the visible
 * text stays as the record wrote it. Validation of numbers is domain/phone.ts's job, not this one.
 */
import type { ReactNode } from 'react';
import { safeHref } from '../../domain/safeUrl.ts';
import { Icon } from './Icon.tsx';

/** `tel:` URL for a displayed phone number, or undefined when it has no digits. */
export function telHref(phone: string): string | undefined {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') return undefined;
  return safeHref(`tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`);
}

/** Props of {@link PhoneLink}. */
export interface PhoneLinkProps {
  phone: string | null | undefined;
  className?: string;
  /** Shown instead of the number (the number is still the accessible name's suffix). */
  children?: ReactNode;
  /** Draws a phone icon before the text. */
  icon?: boolean;
}

/** A click-to-call link; renders nothing when there is no usable number. */
export function PhoneLink({ phone, className, children, icon = false }: PhoneLinkProps) {
  if (!phone) return null;
  const href = telHref(phone);
  if (!href) return null;
  return (
    <a className={className ? `phone-link ${className}` : 'phone-link'} href={href} data-phone-click="">
      {icon ? <Icon name="phone" size={16} /> : null}
      {children ?? phone}
    </a>
  );
}
