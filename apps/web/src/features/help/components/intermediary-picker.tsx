import { useId } from 'react';
import { IntermediaryLogo } from '../../../components/intermediary-logo';
import { StatusBadge } from '../../../components/status-badge';
import { fieldErrorClass, inputClass, labelClass } from '../../../components/ui';
import { categoryTone, type IntermediaryListItem } from '../../../lib/intermediaries';
import { t } from '../i18n';
import { filterIntermediaries, toggleSelection } from '../utils/help-form';

interface IntermediaryPickerProps {
  intermediaries: readonly IntermediaryListItem[];
  selected: readonly number[];
  onChange: (selected: number[]) => void;
  search: string;
  onSearchChange: (search: string) => void;
  error?: string;
}

/**
 * Select Intermediaries (spec-2): a search box, one card per ACTIVE firm (logo, name, category) that
 * toggles on click, Enter or Space (a toggle button, aria-pressed), and the count of selected ones.
 */
export function IntermediaryPicker({
  intermediaries,
  selected,
  onChange,
  search,
  onSearchChange,
  error,
}: IntermediaryPickerProps) {
  const id = useId();
  const searchId = `${id}-search`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const visible = filterIntermediaries(intermediaries, search);
  return (
    <div className="space-y-4 sm:col-span-2">
      <div>
        <label htmlFor={searchId} className={`block ${labelClass}`}>
          {t('helpMotor.search')}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={t('helpMotor.searchPlaceholder')}
          autoComplete="off"
          className={inputClass}
        />
      </div>
      <p id={countId} aria-live="polite" className="font-semibold text-slate-900">
        {t('helpMotor.selectedCount', { count: selected.length })}
      </p>
      {intermediaries.length === 0 ? (
        <p className="text-slate-800">{t('helpMotor.none')}</p>
      ) : visible.length === 0 ? (
        <p className="text-slate-800">{t('helpMotor.noMatch')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-describedby={error ? errorId : undefined}>
          {visible.map((item) => {
            const isSelected = selected.includes(item.id);
            return (
              <li key={item.id}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => onChange(toggleSelection(selected, item.id))}
                  className={`flex w-full items-center gap-3 rounded-xl border-2 p-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${
                    isSelected
                      ? 'border-emerald-800 bg-emerald-50'
                      : 'border-slate-200 bg-white hover:border-slate-400'
                  }`}
                >
                  <IntermediaryLogo src={item.profileImage} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold break-words text-slate-900">
                      {item.intermediaryNames}
                    </span>
                    <span id={`${id}-category-${item.id}`} className="mt-1 block">
                      <StatusBadge label={item.category} tone={categoryTone(item.category)} />
                    </span>
                  </span>
                  <span
                    aria-hidden="true"
                    className={`inline-flex size-6 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${
                      isSelected ? 'border-emerald-800 bg-emerald-800 text-white' : 'border-slate-400'
                    }`}
                  >
                    {isSelected ? '✓' : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
