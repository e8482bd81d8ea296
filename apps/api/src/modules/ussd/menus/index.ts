import type { UssdMenu } from '../menu';
import { claimMenu } from './claim';
import { payMenu } from './pay';
import { plateMenu } from './plate';
import { policiesMenu } from './policies';
import { quoteMenu } from './quote';

/** The main menu, in its order: 1 plate check, 2 my policies, 3 pay, 4 claim, 5 quote. */
export const USSD_MENUS: readonly UssdMenu[] = [plateMenu, policiesMenu, payMenu, claimMenu, quoteMenu];
