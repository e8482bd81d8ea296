/** The pause before a code is checked (spec-2 §9: "1 s delay before verify"). */
export const OTP_VERIFY_DELAY_MS = 1_000;
