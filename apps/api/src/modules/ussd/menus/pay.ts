import { end, type UssdMenu } from '../menu';

/** Stub until built (issue 32). */
export const payMenu: UssdMenu = {
  id: 'pay',
  label: { en: 'pay', sw: 'pay' },
  personal: false,
  start: async () => end('Not yet available.'),
  answer: async () => end('Not yet available.'),
};
