/** A problem the user can fix; printed without a stack. */
export class ServeError extends Error {
  override name = 'ServeError';
}
