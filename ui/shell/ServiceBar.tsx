/**
 * Mobile service-and-call bar (SPEC §2 page shell step 4): 'Book a Service' and a call link,
 * shown below the md breakpoint only (CSS).
 */
import type { Site } from '../../domain/site.ts';
import { PhoneLink } from '../components/PhoneLink.tsx';
import { SERVICE_PATH } from '../../domain/routes/paths.ts';

/** The bar; the caller omits it when site.features.service_call_bar is off. */
export function ServiceBar({ site }: { site: Site }) {
  return (
    <nav className="service-bar" aria-label="Service and call">
      <a className="service-bar-item" href={SERVICE_PATH}>
        Book a Service
      </a>
      <PhoneLink phone={site.phone} region={site.region} className="service-bar-item" icon>
        Call Us
      </PhoneLink>
    </nav>
  );
}
