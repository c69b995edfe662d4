import { describe, expect, it } from 'vitest';
import { islandPropsJson, shareAcrossIslands, sharedScripts } from './sharedProps.ts';
import { readIslandProps } from '../runtime/hydrate.ts';
import { formSite } from './forms/formSite.ts';
import { SITE } from '../fixtures/sites/harbourside.ts';

/** An island wrapper and the page around it, as runtime/hydrate.ts reads them (no DOM library is installed). */
function islandOnPage({ props, page }: { props: string; page: string }): Element {
  const scripts = [...page.matchAll(/<script type="application\/json" data-island-shared="([^"]+)">(.*?)<\/script>/g)];
  return {
    nextElementSibling: { matches: (selector: string) => selector === 'script[data-island-props]', textContent: props },
    ownerDocument: {
      querySelector: (selector: string) => {
        const key = /data-island-shared="([^"]+)"/.exec(selector)?.[1];
        const script = scripts.find((match) => match[1] === key);
        return script ? { textContent: script[2] } : null;
      },
    },
  } as unknown as Element;
}

describe('values shared across the islands of a page', () => {
  const settings = shareAcrossIslands({ dealer: 'Bayside </script> & Co', hours: [1, 2, 3] });

  it('are written once per page and as references in props, up to three levels down', () => {
    const button = { label: 'Enquire', form: { form: 'enquiry', site: settings } };
    const chat = { fallback: { form: { site: settings } } };
    const deep = { a: { b: { c: { site: settings } } } };
    const [first, second, third] = [islandPropsJson(button), islandPropsJson(chat), islandPropsJson(deep)];
    expect(first).toMatch(/^\{"label":"Enquire","form":\{"form":"enquiry","site":\{"\$shared":"s[0-9a-z]+"\}\}\}$/);
    expect(second).toContain('{"fallback":{"form":{"site":{"$shared":"');
    // Four levels down it is written whole: longer, still correct.
    expect(third).toContain('"dealer":"Bayside \\u003c/script\\u003e \\u0026 Co"');
    // The props themselves are left as they were, and the shared value cannot be changed by one of its islands.
    expect(button.form.site).toBe(settings);
    expect(() => settings.hours.push(4)).toThrow(TypeError);
    expect(settings).toEqual({ dealer: 'Bayside </script> & Co', hours: [1, 2, 3] });

    const page = `<div>${first}</div><div>${second}</div>`;
    const scripts = sharedScripts(page);
    expect(scripts.match(/data-island-shared=/g)).toHaveLength(1);
    expect(scripts).not.toContain('</script><');
    expect(sharedScripts('<p>no islands</p>')).toBe('');
  });

  it('come back in the browser as the value the server rendered with', () => {
    const props = islandPropsJson({ label: 'Enquire', form: { site: settings, car: { $shared: 1 } } });
    const page = sharedScripts(props);
    expect(readIslandProps(islandOnPage({ props, page }))).toEqual({
      label: 'Enquire',
      form: { site: JSON.parse(JSON.stringify(settings)), car: { $shared: 1 } },
    });
    // A string that looks like a reference is only a string.
    const text = islandPropsJson({ note: '{"$shared":"s1"}' });
    expect(readIslandProps(islandOnPage({ props: text, page: '' }))).toEqual({ note: '{"$shared":"s1"}' });
    // A page without the value's script fails to hydrate that island (its server HTML stays) rather than inventing one.
    expect(() => readIslandProps(islandOnPage({ props, page: '' }))).toThrow();
  });

  it('keep a value every page writes while thousands of one-page values (a car each) come and go', () => {
    const everyPage = shareAcrossIslands({ every: 'page' });
    let first = '';
    for (let id = 0; id < 5000; id++) {
      const car = shareAcrossIslands({ id, name: `Car ${id}` });
      const html = islandPropsJson({ form: { site: everyPage, car } }) + islandPropsJson({ form: { site: everyPage, car } });
      const scripts = sharedScripts(html);
      expect(scripts.match(/data-island-shared=/g)).toHaveLength(2);
      if (id === 0) first = html;
    }
    // The first page's car is long forgotten: a build writes a page right after rendering it.
    expect(() => sharedScripts(first)).toThrow(/did not make/);
    expect(sharedScripts(islandPropsJson({ site: everyPage }))).toContain('{"every":"page"}');
  });

  it('refuses a reference to a value no build made', () => {
    expect(() => sharedScripts('{"$shared":"snothing"}')).toThrow(/did not make/);
  });

  it('include a site’s form settings, made once per site', () => {
    expect(formSite({ site: SITE })).toBe(formSite({ site: SITE }));
    expect(islandPropsJson({ form: { site: formSite({ site: SITE }) } })).toMatch(/^\{"form":\{"site":\{"\$shared":"s[0-9a-z]+"\}\}\}$/);
    // Another Site object (a rebuilt record) gets its own.
    expect(formSite({ site: { ...SITE, name: 'Renamed' } })).not.toBe(formSite({ site: SITE }));
  });
});
