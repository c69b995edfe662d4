/**
 * Every user-facing message and default form text of SPEC §5, §8 and §9, verbatim (typos
 * included: 'occured'). Pages, islands and the lead server import them from here.
 */

/** SPEC §5 form validation messages. */
export const MESSAGES = {
  required: '*This is a required field.',
  email: 'invalid email address',
  alphabetical: 'Please use alphabetical characters only.',
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  terms: '*You must agree to the terms of use before submitting.',
  /** A postcode lookup whose geocoding gives no result. */
  postcodeNotFound: 'Invalid postcode',
} as const;

/** SPEC §8 error catalogue texts. */
export const ERROR_MESSAGES = {
  submit: 'An error occurred when submitting this form',
  unexpected: 'An unexpected error occured',
  navigation: 'Cannot run without navigation',
  valuationSave: 'Failed to save valuation data',
  reviewRating: 'Unable to fetch Snap 21 ratings at this moment.',
} as const;

/**
 * Shown when the lead API does not answer within the client's timeout (SPEC has no text for a
 * server that hangs). Every field is kept; sending again uses the same Idempotency-Key, so the
 * lead is stored once even if the first request did arrive.
 */
export const TIMEOUT_MESSAGE = 'The server is taking too long to answer. Your details are still here: please try again.';

/** SPEC §8: the error-reporting text of a failed multi-step save or submit. */
export function multiStepErrorReport({ category, message }: { category: string; message: string }): string {
  return `${category} Form submission error occured. ${message}`;
}

/** SPEC §8: the text shown when a lead or test drive submit fails: the server's, else the default. */
export function leadErrorText({ serverError }: { serverError?: string | null }): string {
  return typeof serverError === 'string' && serverError.trim() !== '' ? serverError : ERROR_MESSAGES.unexpected;
}

/** SPEC §9 "Where did you hear about us?" options, in order. */
export const HEAR_ABOUT_US_OPTIONS: readonly string[] = [
  'Facebook Marketplace',
  'Facebook',
  'Instagram',
  'Google',
  'Word of Mouth',
  'Car Sales',
  'Repeat Customer',
  'Other',
];

/** SPEC §9 form text and SPEC §2 form-shell labels. */
export const FORM_TEXT = {
  submit: 'Enquire Now',
  submitMessage: 'Message Now',
  subscribe: 'Subscribe',
  /** SPEC §2 /service 'Book a Service': the service booking's button. */
  bookService: 'Book a Service',
  subscribeHeading: 'Subscribe For Updates',
  optIn: 'Yes, I would like to subscribe to receive latest offers & product updates.',
  photoRequestMessage: 'Please send photos for this car',
  hearAboutUs: 'Where did you hear about us?',
  financeTerms: 'I have read and understood the Privacy Statement',
  /** The words of the finance checkbox label that link the privacy statement. */
  privacyStatement: 'Privacy Statement',
  /** The link beside every form's submit button. */
  privacyLink: 'Privacy Policy',
  goBack: 'Go Back',
  continue: 'Continue',
  finalSubmit: 'Submit',
  generalEnquiry: 'General Enquiry',
  careerEnquiry: 'Career Enquiry',
} as const;
