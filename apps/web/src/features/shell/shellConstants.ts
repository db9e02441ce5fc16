/** Spec §9 and §2.9–§2.10: the shell's sizes and timings. */
export const SIDEBAR_WIDTH = 240;
export const BIG_SIDEBAR_WIDTH = 280;
export const PAGE_TRANSITION_MS = 700;
export const PROGRESS_INDICATOR_MS = 500;
/** Scroll positions (px) at which the header darkens, the title appears and the menu becomes fixed. */
export const HEADER_DARK_SCROLL_PX = 30;
export const TITLE_SCROLL_PX = 40;
export const FIXED_MENU_SCROLL_PX = 64;
/** Messages are refreshed this often while a session page is open (and when the window regains focus). */
export const MESSAGES_POLL_MS = 60_000;
