import { describe, expect, it } from 'vitest';
import { sampleSite, sampleSiteData } from '../../fixtures/sites/northside.ts';
import { regionSettings } from '../../domain/region.ts';
import { renderShell } from '../renderShell.tsx';

const NONE = { ga4_measurement_id: null, gtm_container_id: null, meta_pixel_id: null, call_tracking_script_url: null };

describe('the consent banner in the shell', () => {
  it('is absent, with its footer link and script, for a dealer with no measurement', () => {
    const shell = renderShell({ site: sampleSite({ measurement: NONE }), data: sampleSiteData() });
    expect(shell.footer).not.toContain('consent');
    expect(shell.footer).not.toContain('Cookie settings');
  });

  it('is a hidden labelled region with the region words, the settings link and its island when a tag is configured', () => {
    const shell = renderShell({ site: sampleSite({ measurement: { ...NONE, ga4_measurement_id: 'G-ABC1234' } }), data: sampleSiteData() });
    expect(shell.footer).toContain('<section id="consent-banner" class="consent-banner" aria-labelledby="consent-heading" hidden="" tabindex="-1">');
    expect(shell.footer).toContain('>Cookie settings</a>');
    expect(shell.footer).toContain('data-island="ConsentBanner"');
    expect(shell.footer).toContain('"mode":"opt-in"');
  });

  it('offers the US opt-out of sale or sharing', () => {
    const site = sampleSite({ region: 'US', regionSettings: regionSettings('US'), measurement: { ...NONE, meta_pixel_id: '1234567' } });
    const shell = renderShell({ site, data: sampleSiteData() });
    expect(shell.footer.match(/Do Not Sell or Share My Personal Information/g)).toHaveLength(2);
    expect(shell.footer).toContain('"mode":"opt-out"');
  });
});
