import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon, type IconName } from '../Icon.tsx';
import { IconSvg } from './IconSvg.tsx';
import { closePath } from './close.ts';
import { menuPath } from './menu.ts';
import { searchPath } from './search.ts';

describe('per-icon path modules', () => {
  it('draw what Icon draws by name (islands and server markup match)', () => {
    const pairs: [IconName, string][] = [
      ['menu', menuPath],
      ['close', closePath],
      ['search', searchPath],
    ];
    for (const [name, d] of pairs) {
      expect(renderToStaticMarkup(<IconSvg d={d} size={24} className="x" />)).toBe(renderToStaticMarkup(<Icon name={name} size={24} className="x" />));
    }
  });

  it('leave no icon name without a path', () => {
    const names: IconName[] = [
      'facebook',
      'instagram',
      'youtube',
      'whatsapp',
      'twitter',
      'tiktok',
      'linkedin',
      'linktree',
      'phone',
      'pin',
      'heart',
      'menu',
      'close',
      'chevron',
      'arrow-up',
      'search',
      'clock',
      'star',
    ];
    for (const name of names) expect(renderToStaticMarkup(<Icon name={name} />)).toMatch(/<path fill-rule="evenodd" d="M[^"]+"/);
  });
});
