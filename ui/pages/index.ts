/**
 * Every page component by route kind. The renderer looks a route's page up here and wraps what it
 * returns in <main id="main">.
 */
import type { ComponentType } from 'react';
import type { RouteKind } from '../route.ts';
import type { PageProps } from '../pageProps.ts';
import { HomePage } from './HomePage.tsx';
import { SearchPage } from './SearchPage.tsx';
import { CarPage } from './CarPage.tsx';
import { ReservePage } from './ReservePage.tsx';
import { TradeInPage } from './TradeInPage.tsx';
import { ValuationsPage } from './ValuationsPage.tsx';
import { ModelsPage } from './ModelsPage.tsx';
import { ModelPage } from './ModelPage.tsx';
import { BrandPage } from './BrandPage.tsx';
import { ElectricPage } from './ElectricPage.tsx';
import { ComparePage } from './ComparePage.tsx';
import { FavouritesPage } from './FavouritesPage.tsx';
import { FinancePage } from './FinancePage.tsx';
import { ContactPage } from './ContactPage.tsx';
import { ContactLocationPage } from './ContactLocationPage.tsx';
import { LocationPage } from './LocationPage.tsx';
import { DealershipsPage } from './DealershipsPage.tsx';
import { ServicePage } from './ServicePage.tsx';
import { ServiceBookingPage } from './ServiceBookingPage.tsx';
import { InfoPage } from './InfoPage.tsx';
import { PrivacyPage } from './PrivacyPage.tsx';
import { SuccessPage } from './SuccessPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** The page component of each route kind; each renders the <main> contents with one <h1>. */
export const PAGES: Record<RouteKind, ComponentType<PageProps>> = {
  home: HomePage,
  search: SearchPage,
  car: CarPage,
  reserve: ReservePage,
  'trade-in': TradeInPage,
  valuations: ValuationsPage,
  models: ModelsPage,
  model: ModelPage,
  brand: BrandPage,
  electric: ElectricPage,
  compare: ComparePage,
  favourites: FavouritesPage,
  finance: FinancePage,
  contact: ContactPage,
  'contact-location': ContactLocationPage,
  location: LocationPage,
  dealerships: DealershipsPage,
  service: ServicePage,
  'service-booking': ServiceBookingPage,
  info: InfoPage,
  privacy: PrivacyPage,
  success: SuccessPage,
  'not-found': NotFoundPage,
};
