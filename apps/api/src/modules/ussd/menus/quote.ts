import { end, type UssdMenu } from '../menu';

/** Stub until built (issue 32). */
export const quoteMenu: UssdMenu = {
  id: 'quote',
  label: { en: 'quote', sw: 'quote' },
  personal: false,
  start: async () => end('Not yet available.'),
  answer: async () => end('Not yet available.'),
};
