import { Link } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { linkButton } from '../../../components/ui';
import { paths } from '../../../config/paths';
import type { Loan } from '../api/loans';
import { t } from '../i18n';
import { LoanStatusBadge } from './loan-status';

/** The columns both loan lists share (IPF Requests and My loans): the reference, the lender, the status. */
export const loanColumns = {
  ref: {
    key: 'ref',
    header: t('loans.fields.reference'),
    isRowHeader: true,
    cell: (loan) => (
      <Link to={paths.portalMyLoans.getHref(loan.loanRef)} className={linkButton}>
        {loan.loanRef}
      </Link>
    ),
  },
  lender: { key: 'lender', header: t('loans.fields.lender'), cell: (loan) => loan.lender.name },
  status: {
    key: 'status',
    header: t('loans.fields.status'),
    cell: (loan) => <LoanStatusBadge status={loan.status} />,
  },
} satisfies Record<string, DataTableColumn<Loan>>;
