/**
 * The props a car's page gives its islands: the lead form buttons (each carrying only the form
 * slice of the site and car), the chat button with its hints, and the phone reveals with what
 * each reveal counts against. Built here so ui/pages/CarPage.tsx reads as the page's layout.
 */
import type { Car } from '../../../domain/types.ts';
import type { Site } from '../../../domain/site.ts';
import type { FormKind } from '../../../domain/formRules.ts';
import { reservePath } from '../../../domain/routes/paths.ts';
import { formatPhone } from '../../../domain/phoneFormat.ts';
import { encodePhone } from '../../../domain/phoneReveal.ts';
import type { LeadFormButtonProps } from '../../islands/LeadFormButton.tsx';
import type { ChatButtonProps } from '../../islands/ChatButton.tsx';
import { formCar, formSite, type FormCar, type FormSite } from '../../forms/formSite.ts';
import { carPhoneReveals } from '../../components/phoneMasking.ts';
import { telHref } from './links.ts';
import { say } from './siteText.ts';
import { shareAcrossIslands } from '../../sharedProps.ts';

/** Props of the form button of `form` about `car` (island props stay small: the form slice only). */
export function formButton({
  form,
  label,
  title,
  site,
  car,
  href,
  className,
}: {
  form: FormKind;
  label: string;
  title: string;
  site: FormSite;
  car: FormCar;
  href?: string;
  className?: string;
}): LeadFormButtonProps {
  return { label, title, intro: car.name, href, className, form: { form, site, car, idPrefix: `car-${form}`, label: title } };
}

/**
 * The form and chat buttons of `car`'s page. `fullName` is the car's title and badge (the chat's
 * opening message); `reserve` says whether the car may be reserved (its checkout link).
 */
export function carFormButtons({ site, car, fullName, reserve }: { site: Site; car: Car; fullName: string; reserve: boolean }) {
  const forms = formSite({ site });
  // Shared: the car's form slice is written once per page, not in each of its six form islands.
  const formCarProps = shareAcrossIslands(formCar({ car, checkoutPath: reserve ? reservePath({ paths: site.paths, car }) : null, site }));
  const enquire = say({ site, text: 'Enquire' });
  const enquiry = formButton({
    form: 'enquiry',
    label: enquire,
    title: say({ site, text: 'Enquire about this car' }),
    site: forms,
    car: formCarProps,
    href: '#enquire',
  });
  const testDrive = formButton({
    form: 'test-drive',
    label: 'Book a Test Drive',
    title: 'Book a Test Drive',
    site: forms,
    car: formCarProps,
    href: '#test-drive',
    className: 'btn btn-outline',
  });
  const chat: ChatButtonProps = {
    label: 'Got a Question?',
    widgetUrl: forms.chatWidgetUrl,
    hints: {
      message: `Hi, I have a question about the ${fullName}.`,
      car_name: fullName,
      id: car.id,
      checkout_link: formCarProps.checkoutPath,
      is_reserved: Boolean(car.reserved),
      car_category: car.car_type,
      dealership_id: car.dealership_id,
    },
    fallback: formButton({ form: 'enquiry', label: 'Got a Question?', title: 'Got a Question?', site: forms, car: formCarProps }),
  };
  const preApproval = formButton({
    form: 'finance',
    label: 'Get Pre-Approved',
    title: 'Finance Pre-Approval',
    site: forms,
    car: formCarProps,
    className: 'btn btn-link',
  });
  const requestPhotos = formButton({
    form: 'request-photos',
    label: 'Request Photos',
    title: 'Request Photos',
    site: forms,
    car: formCarProps,
    className: 'btn btn-outline',
  });
  return { forms, formCar: formCarProps, enquire, enquiry, testDrive, chat, preApproval, requestPhotos };
}

/**
 * The phone numbers `car`'s page reveals (the shell masks the same ones: ui/components/phoneMasking.ts),
 * the reveal code of a number, and what every reveal on the page counts against.
 */
export function carRevealProps({ site, car, forms }: { site: Site; car: Car; forms: FormSite }) {
  const { phone, departments } = carPhoneReveals({ site, car });
  const revealCode = (number: string) => {
    const tel = telHref({ phone: number, region: site.region });
    return tel ? encodePhone({ shown: formatPhone({ phone: number, region: site.region }), tel }) : null;
  };
  // Every phone reveal on the page counts against this car and dealership.
  const revealFor = {
    carId: car.id,
    dealershipId: car.dealership_id,
    websiteId: forms.websiteId,
    api: forms.api,
    startShown: site.features.phone_reveal_shown,
  };
  return { phone, departments, revealCode, revealFor };
}
