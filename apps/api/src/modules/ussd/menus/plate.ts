import { end, type UssdMenu } from '../menu';

/** Stub until built (issue 32). */
export const plateMenu: UssdMenu = {
  id: 'plate',
  label: { en: 'plate', sw: 'plate' },
  personal: false,
  start: async () => end('Not yet available.'),
  answer: async () => end('Not yet available.'),
};
