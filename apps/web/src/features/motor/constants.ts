/** spec-1 §4/§9: 'Save & View Quote' waits 2 s before it requests the premium calculation. */
export const SAVE_QUOTE_DELAY_MS = 2_000;
