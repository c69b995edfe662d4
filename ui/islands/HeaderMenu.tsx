/**
 * HeaderMenu island: the header's navigation, burger and (optionally) drawer. Server-rendered as
 * plain links and buttons so it reads and navigates without JavaScript (dropdowns then open on
 * hover/focus through CSS); once hydrated, state lives in headerMenuState.ts: one dropdown at a
 * time, Escape closes and returns focus, arrow keys move, clicking outside closes.
 */
import { useCallback, useEffect, useReducer, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { IconSvg } from '../components/icons/IconSvg.tsx';
import { chevronPath } from '../components/icons/chevron.ts';
import { closePath } from '../components/icons/close.ts';
import { menuPath } from '../components/icons/menu.ts';
import type { NavGroup, NavLink, NavNode } from '../shell/navModel.ts';
import { bodyModalOpen, escapeFocusTarget, headerDropdownOpen, headerMenuReducer, initialMenuState, moveFocus } from './headerMenuState.ts';

/** Props of {@link HeaderMenu} (JSON: they are the island's inline props). */
export interface HeaderMenuProps {
  nav: NavNode[];
  buttons: NavLink[];
  /** Mobile menu is an off-canvas drawer with collapsible sections. */
  drawer: boolean;
  /** Namespace for element ids. */
  idPrefix: string;
  /** Accessible name of the nav landmark. */
  label: string;
}

function LinkContent({ entry }: { entry: NavLink }) {
  return (
    <>
      {entry.image ? (
        <img src={entry.image.src} alt={entry.image.alt} width={entry.image.width} height={entry.image.height} loading="lazy" decoding="async" />
      ) : null}
      <span className="hm-link-text">
        {entry.prefix ? <span className="hm-prefix">{entry.prefix} </span> : null}
        {entry.name}
        {entry.tag ? <span className="hm-tag"> {entry.tag}</span> : null}
      </span>
      {entry.description ? <span className="hm-desc">{entry.description}</span> : null}
    </>
  );
}

function MenuLink({ entry, className }: { entry: NavLink; className: string }) {
  const classes = [className, entry.className].filter(Boolean).join(' ');
  return (
    <a className={classes} href={entry.url} {...(entry.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      <LinkContent entry={entry} />
    </a>
  );
}

function Group({ group }: { group: NavGroup }) {
  return (
    <div className="hm-group">
      {group.heading ? <p className="hm-group-heading">{group.headingUrl ? <a href={group.headingUrl}>{group.heading}</a> : group.heading}</p> : null}
      <ul>
        {group.links.map((entry, i) => (
          <li key={`${entry.url}-${i}`}>
            <MenuLink entry={entry} className="hm-sublink" />
          </li>
        ))}
      </ul>
    </div>
  );
}

const TOP_LEVEL = ':scope > nav > ul > li > a, :scope > nav > ul > li > button';

/** The header navigation island. */
export function HeaderMenu({ nav, buttons, drawer, idPrefix, label }: HeaderMenuProps) {
  const [state, dispatch] = useReducer(headerMenuReducer, { drawer }, initialMenuState);
  const [hydrated, setHydrated] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  // After ArrowDown on a toggle, focus the first link once the dropdown has rendered open.
  const focusFirstIn = useRef<number | null>(null);
  const id = useCallback((part: string) => `${idPrefix}-${part}`, [idPrefix]);

  useEffect(() => {
    setHydrated(true);
    // SPEC §4: the drawer's modal-open marker is cleared on load (e.g. after back/forward cache).
    document.body.classList.remove('modal-open');
  }, []);

  useEffect(() => {
    rootRef.current?.closest('header')?.classList.toggle('dropdown-open', headerDropdownOpen(state));
    document.body.classList.toggle('modal-open', bodyModalOpen(state));
    if (focusFirstIn.current !== null && state.open === focusFirstIn.current) {
      document
        .getElementById(id(`dd-${state.open}`))
        ?.querySelector<HTMLElement>('a')
        ?.focus();
      focusFirstIn.current = null;
    }
  }, [state, id]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) dispatch({ type: 'outside' });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const target = escapeFocusTarget(stateRef.current);
      if (!target) return;
      dispatch({ type: 'escape' });
      document.getElementById(target.kind === 'burger' ? id('burger') : id(`t-${target.index}`))?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [id]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const active = document.activeElement as HTMLElement | null;
    const root = rootRef.current;
    if (!active || !root) return;
    const dropdown = active.closest<HTMLElement>('.hm-dd');
    if (dropdown && ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
      const links = [...dropdown.querySelectorAll<HTMLElement>('a')];
      const next = moveFocus({ index: links.indexOf(active), count: links.length, key: event.key });
      if (next !== null) {
        event.preventDefault();
        links[next].focus();
      }
      return;
    }
    const toggleIndex = active.dataset.menuIndex;
    if (toggleIndex !== undefined && event.key === 'ArrowDown') {
      event.preventDefault();
      focusFirstIn.current = Number(toggleIndex);
      dispatch({ type: 'open', index: Number(toggleIndex) });
      if (stateRef.current.open === Number(toggleIndex)) {
        document
          .getElementById(id(`dd-${toggleIndex}`))
          ?.querySelector<HTMLElement>('a')
          ?.focus();
        focusFirstIn.current = null;
      }
      return;
    }
    if (!dropdown && (event.key === 'ArrowLeft' || event.key === 'ArrowRight') && panelRef.current) {
      const items = [...panelRef.current.querySelectorAll<HTMLElement>(TOP_LEVEL)];
      const next = moveFocus({ index: items.indexOf(active), count: items.length, key: event.key });
      if (next !== null && items.includes(active)) {
        event.preventDefault();
        items[next].focus();
      }
    }
  };

  const panelClasses = ['hm-panel', drawer ? 'hm-drawer' : '', state.mobileOpen ? 'is-open' : ''].filter(Boolean).join(' ');
  return (
    <div className="hm" ref={rootRef} onKeyDown={onKeyDown} {...(hydrated ? { 'data-hydrated': '' } : {})}>
      <button
        type="button"
        className="hm-burger"
        id={id('burger')}
        aria-expanded={state.mobileOpen}
        aria-controls={id('panel')}
        onClick={() => dispatch({ type: 'toggleMobile' })}
      >
        <IconSvg d={state.mobileOpen ? closePath : menuPath} size={24} />
        <span className="visually-hidden">Menu</span>
      </button>
      <div className={panelClasses} id={id('panel')} ref={panelRef}>
        {drawer ? (
          <button type="button" className="hm-close" onClick={() => dispatch({ type: 'toggleMobile' })}>
            <IconSvg d={closePath} size={24} />
            <span className="visually-hidden">Close menu</span>
          </button>
        ) : null}
        <nav aria-label={label}>
          <ul className="hm-list">
            {nav.map((node, index) =>
              node.kind === 'link' ? (
                <li className="hm-item" key={index}>
                  <MenuLink entry={node} className="hm-link" />
                </li>
              ) : (
                <li
                  className={['hm-item', 'hm-has-dd', node.mega ? 'hm-has-mega' : '', node.className, state.open === index ? 'is-open' : '']
                    .filter(Boolean)
                    .join(' ')}
                  key={index}
                  onBlur={(event) => {
                    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: 'close', index });
                  }}
                >
                  <button
                    type="button"
                    className="hm-toggle"
                    id={id(`t-${index}`)}
                    data-menu-index={index}
                    aria-expanded={state.open === index}
                    aria-controls={id(`dd-${index}`)}
                    onClick={() => dispatch({ type: 'toggle', index })}
                  >
                    {node.name}
                    <IconSvg d={chevronPath} size={16} />
                  </button>
                  <div className={node.mega ? 'hm-dd hm-mega' : 'hm-dd'} id={id(`dd-${index}`)}>
                    {node.url ? (
                      <a className="hm-dd-all" href={node.url}>
                        {node.name}
                      </a>
                    ) : null}
                    {node.groups.map((group, g) => (
                      <Group group={group} key={g} />
                    ))}
                  </div>
                </li>
              ),
            )}
          </ul>
        </nav>
        {buttons.length > 0 ? (
          <p className="hm-actions">
            {buttons.map((entry) => (
              <MenuLink entry={entry} className="hm-button" key={entry.url} />
            ))}
          </p>
        ) : null}
      </div>
      {drawer ? <div className="hm-backdrop" aria-hidden="true" onClick={() => dispatch({ type: 'outside' })} /> : null}
    </div>
  );
}
