/**
 * Privacy policy (SPEC §2 /privacy-policy, /pages/privacy-statement). The renderer puts the policy
 * made by renderer/legal.ts on route.page: its intro and section bodies are HTML that handlebars
 * produced with every record value escaped, so they are inserted as HTML here.
 */
import type { PageProps } from '../pageProps.ts';
import type { RouteOf } from '../route.ts';

/** The privacy policy page. */
export function PrivacyPage({ site, route }: PageProps<RouteOf<'privacy' | 'privacy-statement'>>) {
  const { page } = route;
  return (
    <article className="legal">
      <h1>{page.title || `${site.name} Privacy Policy`}</h1>
      {page.intro && <div className="lead" dangerouslySetInnerHTML={{ __html: page.intro }} />}
      {page.sections?.map((section, i) => (
        <section key={i} aria-labelledby={`privacy-${i}`}>
          <h2 id={`privacy-${i}`}>{section.heading}</h2>
          <div dangerouslySetInnerHTML={{ __html: section.body }} />
        </section>
      ))}
    </article>
  );
}
