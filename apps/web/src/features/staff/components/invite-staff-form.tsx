import { INVITABLE_STAFF_ROLES } from '@bima/domain/gateway-contract';
import { type InviteStaffInput, inviteStaffSchema } from '@bima/domain/staff';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { Card } from '../../../components/card';
import { ErrorSummary } from '../../../components/error-summary';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { notify } from '../../../lib/notifications';
import { useSpecForm } from '../../../lib/use-spec-form';
import { intermediariesQueryOptions } from '../api/intermediaries';
import { insurersQueryOptions, lendersQueryOptions, useInviteStaff } from '../api/staff-users';
import { t } from '../i18n';
import { errorMessage, fieldError } from '../utils/errors';

interface InviteFormValues {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  intermediaryId: string;
  underwriterId: string;
  lenderId: string;
}

/**
 * The form's values checked by the API's own schema: only the organisation of the chosen role is
 * sent (an intermediary's firm, an underwriter's insurer, a lender user's lender), an empty choice
 * is no choice.
 */
const inviteFormSchema = z.preprocess((raw) => {
  const values = raw as InviteFormValues;
  return {
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    role: values.role || undefined,
    intermediaryId:
      values.role === 'intermediary' && values.intermediaryId ? values.intermediaryId : undefined,
    underwriterId: values.role === 'underwriter' && values.underwriterId ? values.underwriterId : undefined,
    lenderId: values.role === 'lender' && values.lenderId ? values.lenderId : undefined,
  };
}, inviteStaffSchema) as unknown as z.ZodType<InviteStaffInput, InviteFormValues>;

const FIELDS = [
  'email',
  'firstName',
  'lastName',
  'role',
  'intermediaryId',
  'underwriterId',
  'lenderId',
] as const;

/** Admin: invites a staff member (e-mail, names, role and the firm, insurer or lender the role needs). */
export function InviteStaffForm() {
  const invite = useInviteStaff();
  const { form, field, errorOf, isSubmitDisabled } = useSpecForm<InviteFormValues, InviteStaffInput>(
    inviteFormSchema,
    { email: '', firstName: '', lastName: '', role: '', intermediaryId: '', underwriterId: '', lenderId: '' },
  );
  const role = form.watch('role');
  const firms = useQuery({
    ...intermediariesQueryOptions({ page: 1, status: 'ACTIVE', pageSize: 100 }),
    enabled: role === 'intermediary',
  });
  const insurers = useQuery({ ...insurersQueryOptions(), enabled: role === 'underwriter' });
  const lenders = useQuery({ ...lendersQueryOptions(), enabled: role === 'lender' });

  const onSubmit = async (input: InviteStaffInput) => {
    try {
      const invited = await invite.mutateAsync(input);
      notify({ type: 'success', title: t('staff.staffUsers.invited', { email: invited.email }) });
      form.reset();
    } catch (error) {
      for (const name of FIELDS) {
        const message = fieldError(error, name);
        if (message) form.setError(name, { message });
      }
    }
  };

  const serverError =
    invite.error && !FIELDS.some((name) => fieldError(invite.error, name))
      ? errorMessage(invite.error, t('staff.staffUsers.inviteFailed'))
      : null;

  return (
    <Card title={t('staff.staffUsers.invite')} className="mt-8">
      <p className="text-slate-700">{t('staff.staffUsers.inviteIntro')}</p>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-4 grid gap-4 sm:grid-cols-2">
        {serverError ? <ErrorSummary className="sm:col-span-2" errors={[{ message: serverError }]} /> : null}
        <TextField
          className="sm:col-span-2"
          label={t('staff.staffUsers.email2')}
          type="email"
          autoComplete="off"
          registration={field('email')}
          error={errorOf('email')}
        />
        <TextField
          label={t('staff.staffUsers.firstName')}
          autoComplete="off"
          registration={field('firstName')}
          error={errorOf('firstName')}
        />
        <TextField
          label={t('staff.staffUsers.lastName')}
          autoComplete="off"
          registration={field('lastName')}
          error={errorOf('lastName')}
        />
        <SelectField
          label={t('staff.staffUsers.role')}
          placeholder={t('staff.staffUsers.rolePlaceholder')}
          options={INVITABLE_STAFF_ROLES.map((value) => ({ value, label: t(`staff.roles.${value}`) }))}
          registration={field('role')}
          error={errorOf('role')}
        />
        {role === 'intermediary' ? (
          <SelectField
            label={t('staff.staffUsers.firm')}
            placeholder={
              firms.isPending ? t('staff.staffUsers.optionsLoading') : t('staff.staffUsers.firmPlaceholder')
            }
            options={(firms.data?.items ?? []).map((firm) => ({
              value: String(firm.id),
              label: firm.intermediaryNames,
            }))}
            registration={field('intermediaryId')}
            error={errorOf('intermediaryId')}
          />
        ) : null}
        {role === 'underwriter' ? (
          <SelectField
            label={t('staff.staffUsers.insurer')}
            placeholder={
              insurers.isPending
                ? t('staff.staffUsers.optionsLoading')
                : t('staff.staffUsers.insurerPlaceholder')
            }
            options={(insurers.data ?? []).map((insurer) => ({ value: insurer.id, label: insurer.name }))}
            registration={field('underwriterId')}
            error={errorOf('underwriterId')}
          />
        ) : null}
        {role === 'lender' ? (
          <SelectField
            label={t('staff.staffUsers.lender')}
            placeholder={
              lenders.isPending
                ? t('staff.staffUsers.optionsLoading')
                : t('staff.staffUsers.lenderPlaceholder')
            }
            options={(lenders.data?.items ?? [])
              .filter((lender) => lender.status === 'ACTIVE')
              .map((lender) => ({ value: String(lender.id), label: lender.name }))}
            registration={field('lenderId')}
            error={errorOf('lenderId')}
          />
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={isSubmitDisabled || invite.isPending}>
            {invite.isPending ? t('staff.staffUsers.sending') : t('staff.staffUsers.send')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
