/**
 * SPEC §2 "One dealer's car sidebar" (features.discover_sidebar): the buttons Enquire, Get
 * Finance, Trade-In Valuation (when allowed), Got a Question?, Reserve Car Now and Book a Test
 * Drive in that order; the finance form (required terms_agreed) from its own button; and a 'Discover More'
 * slider overlay. The overlay is a :target panel, so it needs no JavaScript at all.
 */
import { PriceDisclaimer } from '../pages/parts/PriceDisclaimer.tsx';
import type { ReactNode } from 'react';
import type { Car } from '../../domain/types.ts';
import type { Site } from '../../domain/site.ts';
import type { FinanceDisplay } from '../../domain/finance.ts';
import { Island } from '../Island.tsx';
import type { FormCar, FormSite } from '../forms/formSite.ts';
import { ChatButton, type ChatButtonProps } from '../islands/ChatButton.tsx';
import { LeadFormButton, type LeadFormButtonProps } from '../islands/LeadFormButton.tsx';
import { ReserveCarAction } from '../money/ReserveCarAction.tsx';
import { say } from '../pages/parts/siteText.ts';
import { dealerStockPath } from '../pages/parts/links.ts';
import { financePath, makeSearchPath, tradeInPath } from '../../domain/routes/paths.ts';

/** Props of {@link DiscoverSidebar}. */
export interface DiscoverSidebarProps {
  site: Site;
  car: Car;
  actions: { forSale: boolean; reserve: boolean; tradeIn: boolean; finance: FinanceDisplay };
  forms: FormSite;
  formCar: FormCar;
  enquiry: LeadFormButtonProps;
  testDrive: LeadFormButtonProps;
  chat: ChatButtonProps;
  /** The price block, shown at the top with the actions. */
  price: ReactNode;
  /** 'From $119 per week' or null. */
  repayment: string | null;
}

/** The sidebar. */
export function DiscoverSidebar({ site, car, actions, forms, formCar, enquiry, testDrive, chat, price, repayment }: DiscoverSidebarProps) {
  const finance = { form: 'finance' as const, site: forms, car: formCar, idPrefix: 'sidebar-finance', label: 'Finance application' };
  return (
    <section className="car-detail__sidebar discover-sidebar" aria-labelledby="car-actions-heading" data-sidebar="discover">
      <h2 id="car-actions-heading">Interested in this car?</h2>
      {price}
      <ul className="car-actions">
        <li>
          <Island name="LeadFormButton" component={LeadFormButton} props={{ ...enquiry, label: say({ site, text: 'Enquire' }) }} />
        </li>
        {actions.finance.show ? (
          <li>
            <a className="btn btn-outline" href={financePath({ paths: site.paths, car })}>
              Get Finance
            </a>
            {repayment ? <p className="car-actions__repayment">{repayment}</p> : null}
          </li>
        ) : null}
        {actions.tradeIn ? (
          <li>
            <a className="btn btn-outline" href={tradeInPath({ car: car })}>
              Trade-In Valuation
            </a>
          </li>
        ) : null}
        <li>
          <Island name="ChatButton" component={ChatButton} props={chat} />
        </li>
        {actions.reserve ? (
          <li>
            <ReserveCarAction site={site} forms={forms} car={car} />
          </li>
        ) : null}
        {actions.forSale ? (
          <li>
            <Island name="LeadFormButton" component={LeadFormButton} props={testDrive} />
          </li>
        ) : null}
        <li>
          <a className="btn btn-link" href="#discover-more" aria-controls="discover-more">
            Discover More
          </a>
        </li>
      </ul>
      {actions.finance.show ? (
        <section className="discover-sidebar__finance" aria-labelledby="sidebar-finance-heading">
          <h3 id="sidebar-finance-heading">Apply for finance</h3>
          {/* The finance form (required terms_agreed) in a dialog: its code loads when opened. */}
          <Island
            name="LeadFormButton"
            component={LeadFormButton}
            props={{ label: 'Apply for Finance', title: 'Finance Pre-Approval', intro: formCar.name, className: 'btn btn-primary', form: finance }}
          />
        </section>
      ) : null}
      <div id="discover-more" className="discover-overlay" role="region" aria-label="Discover More">
        <div className="discover-overlay__panel">
          <a className="discover-overlay__close" href="#car-actions-heading" aria-label="Close">
            ×
          </a>
          <h3>Discover More</h3>
          <ul>
            <li>
              <a href={makeSearchPath({ make: car.make, model: car.model })}>
                More {car.make} {car.model} in stock
              </a>
            </li>
            <li>
              <a href={makeSearchPath({ make: car.make })}>All {car.make} cars</a>
            </li>
            <li>
              <a href={dealerStockPath({ site, car })}>See more from this dealer</a>
            </li>
            {actions.finance.show ? (
              <li>
                <a href={financePath({ paths: site.paths, car })}>Finance this car</a>
              </li>
            ) : null}
            {actions.tradeIn ? (
              <li>
                <a href={tradeInPath({ car: car })}>Value your trade-in</a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <PriceDisclaimer site={site} />
    </section>
  );
}
