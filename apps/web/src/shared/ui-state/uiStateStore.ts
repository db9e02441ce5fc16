import { LAYOUTS, type Layout, PALETTE_NAMES, type PaletteName, type PlatformSettings } from '@der/contracts';

export type ColourMode = 'light' | 'dark';

/** The UI state of spec §4, persisted under 'root'. */
export interface UiState {
  sidebarOpen: boolean;
  /** The palette the person chose; null follows the platform settings' theme. */
  theme: PaletteName | null;
  mode: ColourMode;
  gradient: boolean;
  decoration: boolean;
  /** The layout the person chose; null follows the platform settings' layout (default left-sidebar). */
  layout: Layout | null;
  direction: 'ltr';
  openSubmenus: string[];
}

export const UI_STATE_STORAGE_KEY = 'root';

export const DEFAULT_UI_STATE: UiState = {
  sidebarOpen: true,
  theme: null,
  mode: 'light',
  gradient: true,
  decoration: true,
  layout: null,
  direction: 'ltr',
  openSubmenus: [],
};

export interface UiStateStore {
  getState(): UiState;
  setState(patch: Partial<UiState>): void;
  subscribe(listener: () => void): () => void;
}

function pick<T>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Reads the persisted state, keeping only valid values: an old or edited entry never breaks start-up. */
export function readUiState(storage: Storage | undefined): UiState {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(UI_STATE_STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults apply.
  }
  const bool = (key: keyof UiState, fallback: boolean) =>
    typeof stored[key] === 'boolean' ? (stored[key] as boolean) : fallback;
  return {
    sidebarOpen: bool('sidebarOpen', DEFAULT_UI_STATE.sidebarOpen),
    theme: pick<PaletteName | null>(stored.theme, PALETTE_NAMES, null),
    mode: pick<ColourMode>(stored.mode, ['light', 'dark'], DEFAULT_UI_STATE.mode),
    gradient: bool('gradient', DEFAULT_UI_STATE.gradient),
    decoration: bool('decoration', DEFAULT_UI_STATE.decoration),
    layout: pick<Layout | null>(stored.layout, LAYOUTS, null),
    direction: 'ltr',
    openSubmenus: Array.isArray(stored.openSubmenus)
      ? stored.openSubmenus.filter((key): key is string => typeof key === 'string')
      : [],
  };
}

/** A tiny external store (read with useSyncExternalStore); every change is written to storage. */
export function createUiStateStore(storage: Storage | undefined): UiStateStore {
  let state = readUiState(storage);
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    setState(patch) {
      state = { ...state, ...patch };
      storage?.setItem(UI_STATE_STORAGE_KEY, JSON.stringify(state));
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The palette and layout in effect: the person's choice, else the platform settings. */
export function resolveAppearance(
  state: UiState,
  settings: Pick<PlatformSettings, 'theme' | 'layout'>,
): { palette: PaletteName; layout: Layout; mode: ColourMode } {
  return {
    palette: state.theme ?? settings.theme,
    layout: state.layout ?? settings.layout,
    mode: state.mode,
  };
}
