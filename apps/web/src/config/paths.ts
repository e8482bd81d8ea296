/** Every route path of the web app, in one table (CONVENTIONS: no path literals across the code). */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  homeAlias: { path: '/home', getHref: () => '/home' },
  insurance: { path: '/insurance', getHref: () => '/insurance' },
  aboutUs: { path: '/about-us', getHref: () => '/about-us' },
  contactUs: { path: '/contactus', getHref: () => '/contactus' },
  motorBasicDetails: { path: '/motor/basic-details', getHref: () => '/motor/basic-details' },
  auth: { path: '/insurance/auth', getHref: () => '/insurance/auth' },
} as const;
