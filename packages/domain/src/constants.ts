/** Business constants of spec-1 §9 and spec-2 §9 that both the API and the web app need. */
export const CURRENCY = 'KES';
export const API_TIMEOUT_MS = 10_000;
export const LAZY_SCREEN_LOAD_TIMEOUT_MS = 120_000;
export const CATEGORY_SELECT_DELAY_MS = 500;
export const HERO_ROTATION_MS = 6_000;
export const HERO_FADE_MS = 4_000;
export const HERO_PAUSE_MIN_WIDTH_PX = 1024;
export const TOAST_DURATION_MS = 3_000;
export const QUOTATION_ERROR_TOAST_MS = 5_000;
export const UNKNOWN_ERROR_TOAST_MS = 15_000;
export const DEFAULT_PAGE = 1;
