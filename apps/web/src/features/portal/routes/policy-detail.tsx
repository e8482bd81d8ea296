import { formatKes } from '@bima/domain/money';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { Card } from '../../../components/card';
import { CertificateLine, whileCertificatePending } from '../../../components/certificate-line';
import { coverTypeText, insuranceClassText } from '../../../components/code-labels';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { SummaryList } from '../../../components/summary-list';
import { buttonPrimary, buttonSecondary, linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import { formatIsoDate } from '../../../lib/dates';
import { documentLink } from '../../../lib/document-link';
import { startMotorQuoteWithValue } from '../../../lib/new-motor-quote';
import { type ClientPolicyWithDocuments, type PolicyRenewal, policyByIdQueryOptions } from '../api/records';
import { MonthlyPayments, whileStandingOrderPending } from '../components/monthly-payments';
import { BreakdownTable, RecordStatusBadge } from '../components/records';
import { t } from '../i18n';
import { breakdownRows, coverTermRows, formatTimestamp, vehicleText } from '../utils/records';
import PoliciesRoute from './policies';

const MOTOR_CLASS_CODES = ['07', '08'];

/**
 * Renewal (issue 14): Renew from 30 days before the end until the end; the policy that renewed it
 * once bought; after the end, that it expired and a new quote for the same value.
 */
function RenewalPanel({ policy, renewal }: { policy: ClientPolicyWithDocuments; renewal: PolicyRenewal }) {
  const navigate = useNavigate();
  if (renewal.renewedBy) {
    return (
      <p
        role="status"
        className="mt-4 rounded-xl border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950"
      >
        {t('portal.renewal.renewedBy', {
          policyNumber: renewal.renewedBy.policyNumber,
          date: formatIsoDate(renewal.renewedBy.startDate),
        })}{' '}
        <Link to={paths.portalPolicy.getHref(renewal.renewedBy.id)} className={linkButton}>
          {t('portal.renewal.seeNewPolicy', { policyNumber: renewal.renewedBy.policyNumber })}
        </Link>
      </p>
    );
  }
  if (policy.cancellation) return null;
  if (renewal.state === 'expired') {
    const newQuote = () => {
      startMotorQuoteWithValue(policy.vehicleValue);
      navigate(paths.motorCoverType.getHref());
    };
    return (
      <div
        role="status"
        className="mt-4 rounded-xl border-l-4 border-amber-600 bg-amber-50 p-4 text-amber-950"
      >
        <p className="font-semibold">
          {t('portal.renewal.expired', { date: formatIsoDate(policy.endDate) })}
        </p>
        <p className="mt-1">{t('portal.renewal.expiredHint')}</p>
        {renewal.isRenewable ? (
          <a
            href={paths.motorCoverType.getHref()}
            className={`${buttonPrimary} mt-3`}
            onClick={(event) => {
              event.preventDefault();
              newQuote();
            }}
          >
            {t('portal.renewal.newQuote')}
          </a>
        ) : null}
      </div>
    );
  }
  if (!renewal.isRenewable) return null;
  if (renewal.state === 'too-early') {
    return (
      <p className="mt-4 text-slate-800">
        {t('portal.renewal.opensOn', { date: formatIsoDate(renewal.opensOn ?? policy.endDate) })}
      </p>
    );
  }
  return (
    <div className="mt-4 rounded-xl border-l-4 border-emerald-700 bg-emerald-50 p-4 text-emerald-950">
      <p className="font-semibold">{t('portal.renewal.due', { date: formatIsoDate(policy.endDate) })}</p>
      <p className="mt-1">{t('portal.renewal.dueHint', { date: formatIsoDate(renewal.startDate) })}</p>
      <Link to={paths.portalPolicyRenewal.getHref(policy.id)} className={`${buttonPrimary} mt-3`}>
        {t('portal.renewal.renew')}
      </Link>
    </div>
  );
}

function PolicyDetail({ id }: { id: number }) {
  // Fresh document links each time the page opens (they last 10 minutes).
  const options = policyByIdQueryOptions(id);
  // While DMVIC issues the certificate, or M-Pesa waits for a standing order's approval, the page
  // asks again every few seconds.
  const policy = useQuery({
    ...options,
    refetchInterval: whileStandingOrderPending(whileCertificatePending()),
  });
  const data = policy.data;
  const names = data?.insured.names;
  const insured = [names?.firstName, names?.lastName].filter(Boolean).join(' ');
  // Motor classes describe their vehicle; the others their risk's own lines.
  const isMotor = !data?.classCode || MOTOR_CLASS_CODES.includes(data.classCode);
  const coverTerms = coverTermRows(data?.breakdown);
  return (
    <div>
      <ScreenHeading level={1}>
        {data
          ? t('portal.policy.title', { policyNumber: data.policyNumber })
          : t('portal.policy.titleLoading')}
      </ScreenHeading>
      <QueryStatus
        isPending={policy.isPending}
        isError={policy.isError}
        onRetry={() => void policy.refetch()}
        errorText={t('portal.policy.notFound')}
      />
      {data?.cancellation ? (
        <p role="status" className="mt-4 rounded-xl border-l-4 border-red-700 bg-red-50 p-4 text-red-950">
          {t('portal.policy.cancelled', {
            date: formatIsoDate(data.cancellation.cancelledOn),
            reason: data.cancellation.reason,
          })}
          {data.financing ? (
            <>
              {' '}
              <Link to={paths.portalMyLoans.getHref(data.financing.loanRef)} className={linkButton}>
                {t('portal.policy.seeLoan', { ref: data.financing.loanRef })}
              </Link>
            </>
          ) : null}
        </p>
      ) : null}
      {data?.renewal ? <RenewalPanel policy={data} renewal={data.renewal} /> : null}
      {data?.monthly ? (
        <div className="mt-6">
          <MonthlyPayments
            policyId={data.id}
            monthly={data.monthly}
            paidUntil={data.paidUntil}
            queryKey={options.queryKey}
            defaultPhone={typeof data.insured.kyc?.phone === 'string' ? data.insured.kyc.phone : null}
          />
        </div>
      ) : null}
      {data ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Card id="policy-details" title={t('portal.policy.details')}>
            <SummaryList
              rows={[
                { label: t('portal.fields.policyNumber'), value: data.policyNumber },
                { label: t('portal.fields.status'), value: <RecordStatusBadge status={data.status} /> },
                ...(data.certificate
                  ? [
                      {
                        label: t('portal.fields.certificateNumber'),
                        value: data.certificate.number
                          ? t('portal.policy.certificateValue', {
                              number: data.certificate.number,
                              type: data.certificate.type,
                              issuer: data.certificate.issuer === 'DMVIC' ? 'DMVIC' : 'Bima Portal',
                            })
                          : t('portal.policy.certificatePending'),
                      },
                    ]
                  : [{ label: t('portal.fields.certificateNumber'), value: data.certificateNumber }]),
                // A financed premium has no M-Pesa receipt: "Financed by" below names the lender and loan.
                ...(data.financing
                  ? []
                  : [
                      {
                        label: t('portal.fields.receiptNumber'),
                        value: data.receiptNumber ?? t('portal.na'),
                      },
                    ]),
                { label: t('portal.fields.product'), value: data.productName },
                { label: t('portal.fields.underwriter'), value: data.underwriter },
                ...(data.intermediary
                  ? [{ label: t('portal.fields.intermediary'), value: data.intermediary.intermediaryNames }]
                  : []),
                ...(data.financing
                  ? [
                      {
                        label: t('portal.fields.financedBy'),
                        value: (
                          <Link
                            to={paths.portalMyLoans.getHref(data.financing.loanRef)}
                            className={linkButton}
                          >
                            {t('portal.policy.financedValue', {
                              lender: data.financing.lenderName,
                              ref: data.financing.loanRef,
                            })}
                          </Link>
                        ),
                      },
                    ]
                  : []),
                ...(data.className
                  ? [
                      {
                        label: t('portal.fields.insuranceClass'),
                        value: insuranceClassText({ code: data.classCode, name: data.className }),
                      },
                    ]
                  : []),
                {
                  label: t('portal.fields.coverType'),
                  value: coverTypeText(data.coverType),
                },
                ...(isMotor
                  ? data.vehicleValue === null
                    ? []
                    : [{ label: t('portal.fields.vehicleValue'), value: formatKes(data.vehicleValue) }]
                  : [{ label: t('portal.fields.sumInsured'), value: formatKes(data.sumInsured ?? 0) }]),
                { label: t('portal.fields.coverPeriod'), value: t('portal.days', { days: data.period }) },
                { label: t('portal.fields.startDate'), value: formatIsoDate(data.startDate) },
                { label: t('portal.fields.endDate'), value: formatIsoDate(data.endDate) },
                ...(data.paymentPlan === 'monthly'
                  ? [
                      { label: t('portal.fields.paymentPlan'), value: t('portal.plan.monthly') },
                      { label: t('portal.monthly.paidUntil'), value: formatIsoDate(data.paidUntil) },
                      ...(data.certificate
                        ? [
                            {
                              label: t('portal.monthly.certificateValid'),
                              value: t('portal.monthly.monthDays', {
                                from: formatIsoDate(data.certificate.validFrom),
                                to: formatIsoDate(data.certificate.validTo),
                              }),
                            },
                          ]
                        : []),
                    ]
                  : []),
                { label: t('portal.fields.premium'), value: formatKes(data.premium) },
                { label: t('portal.fields.insured'), value: insured || t('portal.na') },
                { label: t('portal.fields.kraPin'), value: data.insured.kraPin ?? t('portal.na') },
                { label: t('portal.fields.paidFrom'), value: data.paidFrom ?? t('portal.na') },
                { label: t('portal.fields.paidAt'), value: formatTimestamp(data.paidAt) },
                { label: t('portal.fields.quotation'), value: data.systemQuotationRef },
              ]}
            />
          </Card>
          <div className="space-y-6">
            <Card id="policy-documents" title={t('portal.policy.documents')}>
              <ul className="space-y-2">
                <li>
                  <a href={documentLink(data.documents.schedule)} download className={linkButton}>
                    {t('portal.policy.schedule')}
                  </a>
                </li>
                <li>
                  <a href={documentLink(data.documents.receipt)} download className={linkButton}>
                    {t('portal.policy.receipt')}
                  </a>
                </li>
                {data.certificate ? (
                  <li>
                    <CertificateLine certificate={data.certificate} link={data.documents.certificate} />
                  </li>
                ) : null}
              </ul>
              <p className="mt-3 text-sm text-slate-700">{t('portal.policy.documentsHint')}</p>
            </Card>
            {isMotor ? (
              <Card id="policy-vehicle" title={t('portal.policy.vehicle')}>
                <SummaryList
                  rows={[
                    {
                      label: t('portal.fields.registration'),
                      value: vehicleText(data.vehicle, 'registrationNumber'),
                    },
                    { label: t('portal.fields.make'), value: vehicleText(data.vehicle, 'make') },
                    { label: t('portal.fields.model'), value: vehicleText(data.vehicle, 'model') },
                    {
                      label: t('portal.fields.chassisNumber'),
                      value: vehicleText(data.vehicle, 'chassisNumber'),
                    },
                    {
                      label: t('portal.fields.engineNumber'),
                      value: vehicleText(data.vehicle, 'engineNumber'),
                    },
                    {
                      label: t('portal.fields.yearOfManufacture'),
                      value: vehicleText(data.vehicle, 'yearOfManufacture'),
                    },
                  ]}
                />
              </Card>
            ) : (
              <Card id="policy-risk" title={t('portal.policy.risk')}>
                <SummaryList rows={(data.riskLines ?? []).map(([label, value]) => ({ label, value }))} />
              </Card>
            )}
            {coverTerms.length > 0 ? (
              <Card id="policy-cover-terms" title={t('portal.coverTerms.title')}>
                <SummaryList rows={coverTerms} />
              </Card>
            ) : null}
            <Card id="policy-breakdown" title={t('portal.breakdown.title')}>
              <BreakdownTable rows={breakdownRows(data.breakdown)} />
            </Card>
          </div>
        </div>
      ) : null}
      <Link to={paths.portalPolicies.getHref()} className={`${buttonSecondary} mt-6`}>
        {t('portal.policy.back')}
      </Link>
    </div>
  );
}

/** ViewPolicy (`products/:id?`): a policy with its documents; without an id, the list. */
export default function PolicyDetailRoute() {
  const { id } = useParams();
  const numericId = Number(id);
  if (!id?.trim()) return <PoliciesRoute />;
  if (!Number.isInteger(numericId) || numericId <= 0) {
    return (
      <div>
        <ScreenHeading level={1}>{t('portal.policy.titleLoading')}</ScreenHeading>
        <p role="alert" className="mt-6 font-semibold text-red-900">
          {t('portal.policy.notFound')}
        </p>
        <Link to={paths.portalPolicies.getHref()} className={`${buttonSecondary} mt-6`}>
          {t('portal.policy.back')}
        </Link>
      </div>
    );
  }
  return <PolicyDetail key={numericId} id={numericId} />;
}
