import { describe, expect, it, vi } from 'vitest';
import { hydrateIsland, hydrateIslands, readIslandProps, schedule, type HydrateEnv } from './hydrate.ts';
import { islandRegistry } from './islandRegistry.ts';

/** A minimal stand-in for the island wrapper and its props script (no DOM library is installed). */
function fakeIsland({ name, when = 'load', props = '{"a":1}', script = true }: { name: string; when?: string; props?: string; script?: boolean }) {
  const attributes = new Map<string, string>([
    ['data-island', name],
    ['data-when', when],
  ]);
  const sibling = script
    ? { matches: (selector: string) => selector === 'script[data-island-props]', textContent: props }
    : { matches: () => false, textContent: '' };
  return {
    getAttribute: (key: string) => attributes.get(key) ?? null,
    setAttribute: (key: string, value: string) => void attributes.set(key, value),
    hasAttribute: (key: string) => attributes.has(key),
    nextElementSibling: sibling,
  } as unknown as Element;
}

function fakeEnv(): HydrateEnv & { errors: Error[]; idle: (() => void)[]; observed: Element[]; fire: () => void } {
  const errors: Error[] = [];
  const idle: (() => void)[] = [];
  const observed: Element[] = [];
  let callback: ((entries: { isIntersecting: boolean }[], observer: { disconnect(): void }) => void) | null = null;
  let disconnected = false;
  const env = {
    errors,
    idle,
    observed,
    requestIdleCallback: (cb: () => void) => idle.push(cb),
    setTimeout: (cb: () => void) => idle.push(cb),
    IntersectionObserver: class {
      constructor(cb: typeof callback) {
        callback = cb;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {
        disconnected = true;
      }
    } as unknown as HydrateEnv['IntersectionObserver'],
    logError: (error: Error) => errors.push(error),
    fire: () => {
      if (!disconnected) callback?.([{ isIntersecting: true }], { disconnect: () => (disconnected = true) });
    },
  };
  return env;
}

const Dummy = () => null;
const registry = { Dummy: async () => Dummy };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('readIslandProps', () => {
  it('parses the JSON of the following props script', () => {
    expect(readIslandProps(fakeIsland({ name: 'Dummy', props: '{"x":"\\u003c/script>"}' }))).toEqual({ x: '</script>' });
  });
  it('refuses a missing script or non-object props', () => {
    expect(() => readIslandProps(fakeIsland({ name: 'Dummy', script: false }))).toThrow(/data-island-props/);
    expect(() => readIslandProps(fakeIsland({ name: 'Dummy', props: '3' }))).toThrow(/not an object/);
  });
});

describe('schedule', () => {
  it("runs 'load' at once, 'idle' when idle, 'visible' when it intersects", () => {
    const env = fakeEnv();
    const element = fakeIsland({ name: 'Dummy' });
    const ran: string[] = [];
    schedule({ when: 'load', element, env, run: () => ran.push('load') });
    schedule({ when: 'idle', element, env, run: () => ran.push('idle') });
    schedule({ when: 'visible', element, env, run: () => ran.push('visible') });
    expect(ran).toEqual(['load']);
    env.idle.forEach((cb) => cb());
    expect(ran).toEqual(['load', 'idle']);
    expect(env.observed).toEqual([element]);
    env.fire();
    env.fire();
    expect(ran).toEqual(['load', 'idle', 'visible']);
  });

  it("observes what a 'visible' island renders, since its display: contents wrapper has no box", () => {
    const env = fakeEnv();
    const first = { tagName: 'SECTION' };
    const second = { tagName: 'DIV' };
    const element = Object.assign(fakeIsland({ name: 'Dummy', when: 'visible' }), { children: [first, second] });
    const ran: string[] = [];
    schedule({ when: 'visible', element, env, run: () => ran.push('visible') });
    expect(env.observed).toEqual([first, second]);
    env.fire();
    expect(ran).toEqual(['visible']);
  });

  it('falls back to a timeout without requestIdleCallback and to now without IntersectionObserver', () => {
    const env = { ...fakeEnv(), requestIdleCallback: undefined, IntersectionObserver: undefined };
    const timers: (() => void)[] = [];
    env.setTimeout = (cb) => timers.push(cb);
    const ran: string[] = [];
    schedule({ when: 'idle', element: fakeIsland({ name: 'D' }), env, run: () => ran.push('idle') });
    schedule({ when: 'visible', element: fakeIsland({ name: 'D' }), env, run: () => ran.push('visible') });
    expect(ran).toEqual(['visible']);
    timers.forEach((cb) => cb());
    expect(ran).toEqual(['visible', 'idle']);
  });
});

describe('hydrateIsland', () => {
  it('hydrates with the parsed props and marks the element', async () => {
    const env = fakeEnv();
    const hydrate = vi.fn();
    const element = fakeIsland({ name: 'Dummy', props: '{"n":2}' });
    expect(await hydrateIsland({ element, registry, hydrate, env })).toBe(true);
    expect(hydrate).toHaveBeenCalledWith(element, Dummy, { n: 2 });
    expect(element.hasAttribute('data-hydrated')).toBe(true);
  });

  it('logs and leaves the server HTML when the island is unknown, its props are bad or it throws', async () => {
    const env = fakeEnv();
    const hydrate = vi.fn();
    expect(await hydrateIsland({ element: fakeIsland({ name: 'Nope' }), registry, hydrate, env })).toBe(false);
    expect(await hydrateIsland({ element: fakeIsland({ name: 'Dummy', props: '{bad' }), registry, hydrate, env })).toBe(false);
    const throwing = vi.fn(() => {
      throw new Error('boom');
    });
    expect(await hydrateIsland({ element: fakeIsland({ name: 'Dummy' }), registry, hydrate: throwing, env })).toBe(false);
    expect(hydrate).not.toHaveBeenCalled();
    expect(env.errors.map((e) => e.message)).toEqual([
      'Island "Nope" was not hydrated; its server HTML stays',
      'Island "Dummy" was not hydrated; its server HTML stays',
      'Island "Dummy" was not hydrated; its server HTML stays',
    ]);
    expect((env.errors[2].cause as Error).message).toBe('boom');
  });
});

describe('hydrateIslands', () => {
  it('schedules every island not yet hydrated', async () => {
    const env = fakeEnv();
    const hydrate = vi.fn();
    const done = fakeIsland({ name: 'Dummy' });
    done.setAttribute('data-hydrated', '');
    const elements = [fakeIsland({ name: 'Dummy' }), fakeIsland({ name: 'Dummy', when: 'idle' }), done];
    const root = { querySelectorAll: (selector: string) => (selector === '[data-island]' ? elements : []) } as unknown as ParentNode;
    expect(hydrateIslands({ root, registry, hydrate, env })).toBe(2);
    await tick();
    expect(hydrate).toHaveBeenCalledTimes(1);
    env.idle.forEach((cb) => cb());
    await tick();
    expect(hydrate).toHaveBeenCalledTimes(2);
  });
});

describe('islandRegistry', () => {
  it('lazily loads the HeaderMenu component', async () => {
    const component = await islandRegistry.HeaderMenu();
    expect(typeof component).toBe('function');
  });
});
