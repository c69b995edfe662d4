/**
 * Texts of the reserve flow's outcomes, loaded with the flow's API code once a payment starts or
 * returns (not with the page).
 */
export { ERROR_MESSAGES } from '../../domain/formMessages.ts';
export { callApi } from './moneyApi.ts';

/** Texts of the reserve flow. */
export const RESERVE_TEXT = {
  failed: 'Your payment did not go through, so the car is not reserved yet. Your details are still here: check them and try again.',
  cancelled: 'You cancelled the payment, so the car is not reserved yet. Your details are still here whenever you are ready.',
  taken: 'Sorry, this car has already been reserved.',
  paid: (depositText: string, carName: string) =>
    `Thank you. Your deposit of ${depositText} has been received and the ${carName} is reserved for you. We will call you shortly to arrange the next steps.`,
  starting: 'Taking you to the secure payment page…',
} as const;
