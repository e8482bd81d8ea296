import { end, type UssdMenu } from '../menu';

/** Stub until built (issue 32). */
export const policiesMenu: UssdMenu = {
  id: 'policies',
  label: { en: 'policies', sw: 'policies' },
  personal: false,
  start: async () => end('Not yet available.'),
  answer: async () => end('Not yet available.'),
};
