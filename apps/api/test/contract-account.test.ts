import { accountContracts } from '@bima/domain/contract/account';
import { describe, expect, it } from 'vitest';
import { chatActions } from '../src/modules/chat/actions';
import { clientActions } from '../src/modules/client/actions';
import { dashboardActions } from '../src/modules/dashboard/actions';
import { notificationActions } from '../src/modules/notification/actions';
import { passwordSetupActions } from '../src/modules/password-setup/actions';
import { privacyActions } from '../src/modules/privacy/actions';
import { profileActions } from '../src/modules/profile/actions';
import { userActions } from '../src/modules/user/actions';

/** The account area's modules: every action answers by a contract (issue 29). */
const modules = [
  ...userActions,
  ...passwordSetupActions,
  ...clientActions,
  ...profileActions,
  ...privacyActions,
  ...dashboardActions,
  ...notificationActions,
  ...chatActions,
];

describe('the account area’s contract', () => {
  it('declares the input and output of every action of its modules, and nothing else', () => {
    const keys = modules.map(
      (definition) => `${definition.service}/${definition.resource}/${definition.action}`,
    );
    expect(Object.keys(accountContracts).sort()).toEqual(keys.sort());
  });
});
