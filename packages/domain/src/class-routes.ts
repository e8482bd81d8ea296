/**
 * Where each catalogue product is sold (spec-2 "Route table"): its flow's address
 * `/{routeName}/{productId}/{classCode}` and the insurance class code its products carry. No zod,
 * so the landing page can route a chosen product without loading any flow.
 */

/** The flows a catalogue product can open; 'coming-soon' is the page of a product not sold yet. */
export type ClassFlow =
  | 'motor-private'
  | 'motor-commercial'
  | 'fire-domestic'
  | 'theft'
  | 'aviation'
  | 'coming-soon';

export interface ClassRoute {
  /** The catalogue entry's routeName: the first segment of the address. */
  routeName: string;
  /** The address's product id and class code (spec-2: MC101 / MotorCommercial). */
  productId: string;
  classCode: string;
  /** The insurance class code of the underwriters' products (`insurance_products.class_code`). */
  insuranceClass: string;
  flow: ClassFlow;
}

export const CLASS_ROUTES: readonly ClassRoute[] = [
  {
    routeName: 'motor-private',
    productId: 'MP101',
    classCode: 'MotorPrivate',
    insuranceClass: '07',
    flow: 'motor-private',
  },
  {
    routeName: 'motor-commercial',
    productId: 'MC101',
    classCode: 'MotorCommercial',
    insuranceClass: '08',
    flow: 'motor-commercial',
  },
  {
    routeName: 'fire-domestic',
    productId: 'FD101',
    classCode: 'FireDomestic',
    insuranceClass: '03',
    flow: 'fire-domestic',
  },
  {
    routeName: 'theft-insurance',
    productId: 'TH101',
    classCode: 'TheftInsurance',
    insuranceClass: '05',
    flow: 'theft',
  },
  {
    routeName: 'aviation-insurance',
    productId: 'AV101',
    classCode: 'AviationInsurance',
    insuranceClass: '04',
    flow: 'aviation',
  },
  {
    routeName: 'medical',
    productId: 'MD101',
    classCode: 'Medical',
    insuranceClass: 'MD',
    flow: 'coming-soon',
  },
  {
    routeName: 'life-assurance',
    productId: 'LA101',
    classCode: 'LifeAssurance',
    insuranceClass: 'L1',
    flow: 'coming-soon',
  },
  {
    routeName: 'annuities',
    productId: 'AN101',
    classCode: 'Annuities',
    insuranceClass: 'L2',
    flow: 'coming-soon',
  },
  {
    routeName: 'unit-link-and-linked-investments',
    productId: 'UL101',
    classCode: 'UnitLinked',
    insuranceClass: 'L3',
    flow: 'coming-soon',
  },
  {
    routeName: 'non-linked-investments',
    productId: 'NL101',
    classCode: 'NonLinkedInvestments',
    insuranceClass: 'L4',
    flow: 'coming-soon',
  },
  {
    routeName: 'permanent-health',
    productId: 'PH101',
    classCode: 'PermanentHealth',
    insuranceClass: 'L5',
    flow: 'coming-soon',
  },
  {
    routeName: 'home-insurance',
    productId: 'HI101',
    classCode: 'HomeInsurance',
    insuranceClass: 'L10',
    flow: 'coming-soon',
  },
  {
    routeName: 'engineering-insurance',
    productId: 'EN101',
    classCode: 'EngineeringInsurance',
    insuranceClass: '02',
    flow: 'coming-soon',
  },
  {
    routeName: 'group-life',
    productId: 'GL101',
    classCode: 'GroupLife',
    insuranceClass: 'L6',
    flow: 'coming-soon',
  },
  {
    routeName: 'group-credit',
    productId: 'GC101',
    classCode: 'GroupCredit',
    insuranceClass: 'L7',
    flow: 'coming-soon',
  },
  {
    routeName: 'deposit-administration',
    productId: 'DA101',
    classCode: 'DepositAdministration',
    insuranceClass: 'L8',
    flow: 'coming-soon',
  },
  { routeName: 'marine', productId: 'MR101', classCode: 'Marine', insuranceClass: '06', flow: 'coming-soon' },
];

/** The route of a catalogue product, by its routeName; undefined for a name we do not sell. */
export function classRouteOf(routeName: string): ClassRoute | undefined {
  return CLASS_ROUTES.find((route) => route.routeName === routeName);
}

/** The address of a product's flow: motor private keeps its own wizard (spec-1). */
export function classFlowHref(route: ClassRoute): string {
  if (route.flow === 'motor-private') return '/motor/basic-details';
  return `/${route.routeName}/${route.productId}/${route.classCode}`;
}

/** The route an address names, when its product id and class code are the ones we publish. */
export function matchClassRoute(
  routeName: string,
  productId: string,
  classCode: string,
): ClassRoute | undefined {
  const route = classRouteOf(routeName);
  if (!route || route.productId !== productId || route.classCode !== classCode) return undefined;
  return route;
}
