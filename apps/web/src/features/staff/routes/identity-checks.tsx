import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { t as identityText } from '../../../components/identity-i18n';
import { QueryStatus } from '../../../components/query-status';
import { ScreenHeading } from '../../../components/screen-heading';
import { StatusBadge } from '../../../components/status-badge';
import {
  buttonDanger,
  buttonSmall,
  cardClass,
  fieldErrorClass,
  inputClass,
  labelClass,
} from '../../../components/ui';
import { decideCheck, type ReviewCheck, reviewChecksKey, reviewChecksQueryOptions } from '../api/identity';
import { errorMessage } from '../utils/errors';
import { formatWhen } from '../utils/format';

/** One check to decide: who, which document, why it is here; a note, then approve or reject. */
function ReviewItem({ check }: { check: ReviewCheck }) {
  const queryClient = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState('');
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') => decideCheck({ checkId: check.id, decision, note }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewChecksKey }),
  });
  const title = `${check.client.names} · ${identityText(`identity.documents.${check.document}`)} ${check.maskedNumber}`;
  return (
    <li className={cardClass}>
      <article aria-label={title} className="space-y-2">
        <h2 className="font-bold text-slate-900">{title}</h2>
        <p className="break-all text-slate-700">{check.client.email}</p>
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge
            label={identityText(`identity.states.${check.state}`)}
            tone={check.state === 'mismatch' ? 'danger' : 'warning'}
          />
          <span className="text-slate-700">{formatWhen(check.createdAt)}</span>
        </p>
        {check.fields.length > 0 ? (
          <p className="text-slate-800">
            {identityText('identity.staff.differs', {
              fields: check.fields.map((field) => identityText(`identity.fields.${field}`)).join(', '),
            })}
          </p>
        ) : null}
        {check.resultText ? (
          <p className="text-slate-700">
            {identityText('identity.staff.lastAnswer', { answer: check.resultText })}
          </p>
        ) : null}
        <div>
          <label htmlFor={noteId} className={labelClass}>
            {identityText('identity.staff.note')}
          </label>
          <input
            id={noteId}
            className={inputClass}
            value={note}
            maxLength={500}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {decide.isError ? (
          <p role="alert" className={fieldErrorClass}>
            {errorMessage(decide.error, identityText('identity.staff.failed'))}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={buttonSmall}
            disabled={decide.isPending}
            onClick={() => decide.mutate('approve')}
          >
            {identityText('identity.staff.approve')}
          </button>
          <button
            type="button"
            className={buttonDanger}
            disabled={decide.isPending}
            onClick={() => decide.mutate('reject')}
          >
            {identityText('identity.staff.reject')}
          </button>
        </div>
      </article>
    </li>
  );
}

/** Admin: identity checks the register never answered, and mismatches, to approve or reject. */
export default function IdentityChecksRoute() {
  const checks = useQuery(reviewChecksQueryOptions());
  return (
    <div>
      <ScreenHeading level={1}>{identityText('identity.staff.title')}</ScreenHeading>
      <p className="mt-2 text-slate-700">{identityText('identity.staff.intro')}</p>
      {checks.data ? (
        checks.data.items.length === 0 ? (
          <p className="mt-4 text-slate-700">{identityText('identity.staff.empty')}</p>
        ) : (
          <ul className="mt-4 space-y-4">
            {checks.data.items.map((check) => (
              <ReviewItem key={check.id} check={check} />
            ))}
          </ul>
        )
      ) : (
        <QueryStatus
          isPending={checks.isPending}
          isError={checks.isError}
          onRetry={() => void checks.refetch()}
          loadingText={identityText('identity.staff.loading')}
          errorText={identityText('identity.staff.loadError')}
        />
      )}
    </div>
  );
}
