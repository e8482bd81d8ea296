import { end, type UssdMenu } from '../menu';

/** Stub until built (issue 32). */
export const claimMenu: UssdMenu = {
  id: 'claim',
  label: { en: 'claim', sw: 'claim' },
  personal: false,
  start: async () => end('Not yet available.'),
  answer: async () => end('Not yet available.'),
};
