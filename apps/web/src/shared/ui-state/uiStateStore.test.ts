import { describe, expect, it, vi } from 'vitest';
import {
  createUiStateStore,
  DEFAULT_UI_STATE,
  resolveAppearance,
  UI_STATE_STORAGE_KEY,
} from './uiStateStore.ts';

describe('UI state store', () => {
  it('starts from the defaults when nothing is stored', () => {
    expect(createUiStateStore(localStorage).getState()).toEqual(DEFAULT_UI_STATE);
  });

  it("persists every change under 'root' and notifies subscribers", () => {
    const store = createUiStateStore(localStorage);
    const listener = vi.fn();
    store.subscribe(listener);

    store.setState({ theme: 'red', mode: 'dark', openSubmenus: ['reports'] });

    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem(UI_STATE_STORAGE_KEY)!)).toMatchObject({
      theme: 'red',
      mode: 'dark',
      openSubmenus: ['reports'],
      direction: 'ltr',
      sidebarOpen: true,
    });
    expect(createUiStateStore(localStorage).getState()).toMatchObject({ theme: 'red', mode: 'dark' });
  });

  it('drops invalid stored values instead of failing', () => {
    localStorage.setItem(
      UI_STATE_STORAGE_KEY,
      JSON.stringify({ theme: 'neon', mode: 'dim', sidebarOpen: false }),
    );
    expect(createUiStateStore(localStorage).getState()).toMatchObject({
      theme: null,
      mode: 'light',
      sidebarOpen: false,
    });
    localStorage.setItem(UI_STATE_STORAGE_KEY, '{not json');
    expect(createUiStateStore(localStorage).getState()).toEqual(DEFAULT_UI_STATE);
  });

  it('stops notifying after unsubscribe', () => {
    const store = createUiStateStore(localStorage);
    const listener = vi.fn();
    store.subscribe(listener)();
    store.setState({ sidebarOpen: false });
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('resolveAppearance', () => {
  const settings = { theme: 'gold', layout: 'top-navigation' } as const;

  it('follows the settings while the person has chosen nothing', () => {
    expect(resolveAppearance(DEFAULT_UI_STATE, settings)).toEqual({
      palette: 'gold',
      layout: 'top-navigation',
      mode: 'light',
    });
  });

  it("lets the person's palette and layout win over the settings", () => {
    const state = { ...DEFAULT_UI_STATE, theme: 'cyan', layout: 'mega-menu', mode: 'dark' } as const;
    expect(resolveAppearance(state, settings)).toEqual({
      palette: 'cyan',
      layout: 'mega-menu',
      mode: 'dark',
    });
  });
});
