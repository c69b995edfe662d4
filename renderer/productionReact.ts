/**
 * Imported first by the route registry, before any page: React picks its development or
 * production build from NODE_ENV when it is first loaded, and development React renders
 * several times slower (prop validation, dev warnings). A build that did not choose renders with
 * production React; tests keep theirs (vitest sets NODE_ENV=test).
 */
process.env.NODE_ENV ??= 'production';
