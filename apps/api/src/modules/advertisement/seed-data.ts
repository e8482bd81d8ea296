/** Sample advertisements shown on the landing page. */
export const ADVERTISEMENT_SEED = [
  {
    id: 1,
    title: 'Motor cover in minutes',
    body: 'Compare comprehensive and third-party quotes from leading underwriters and pay by M-Pesa.',
    image: null,
    link: '/insurance',
    sortOrder: 1,
  },
  {
    id: 2,
    title: 'Need help choosing?',
    body: 'Our licensed intermediaries are available 24/7 to help you find the right cover.',
    image: null,
    link: '/contactus',
    sortOrder: 2,
  },
];
