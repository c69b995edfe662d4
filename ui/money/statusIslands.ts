/**
 * The small status islands that may share a page (the banner's review widget, the car page's
 * reservation state) in one module, so the runtime fetches them as one chunk.
 */
export { ReservationStatus } from './ReservationStatus.tsx';
export { ReviewWidget } from '../variants/ReviewWidget.tsx';
