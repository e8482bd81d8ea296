import { centsToWholeShillings, formatKes } from '@bima/domain/money';
import { type ReactNode, useId, useRef, useState } from 'react';
import { Modal } from '../../../components/modal';
import { formatAmountText } from '../../../components/number-inputs';
import { buttonPrimary, buttonSecondary, inputClass } from '../../../components/ui';
import { t } from '../i18n';
import { checkAmountInRange } from '../utils/amount-range';

interface AmountModalProps {
  title: string;
  label: string;
  minimum: number;
  maximum: number;
  initialAmount: number;
  requiredMessage: string;
  outOfRangeMessage: string;
  onConfirm: (amount: number) => void;
  onCancel: () => void;
  /**
   * The price of the amount before it is confirmed (issue 26): given the amount typed while it is
   * a whole number in range, else null.
   */
  preview?: (amount: number | null) => ReactNode;
}

/**
 * The limit modal and the excess modal: one amount typed in whole shillings, bounded by the benefit's
 * or the excess's minimum and maximum; the bounds, the starting amount and the answer are cents. An amount out of range is refused with a message, never clamped.
 */
export function AmountModal(props: AmountModalProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(formatAmountText(String(centsToWholeShillings(props.initialAmount))));
  const [error, setError] = useState('');
  const hintId = useId();
  const errorId = useId();
  const inputId = useId();
  const range = { min: formatKes(props.minimum), max: formatKes(props.maximum) };
  const typed = checkAmountInRange(value, props.minimum, props.maximum);

  const confirm = () => {
    const check = checkAmountInRange(value, props.minimum, props.maximum);
    if (check.ok) {
      props.onConfirm(check.value);
      return;
    }
    setError(
      check.reason === 'required'
        ? props.requiredMessage
        : check.reason === 'whole'
          ? t('motor.benefits.wholeNumber')
          : props.outOfRangeMessage,
    );
    inputRef.current?.focus();
  };

  return (
    <Modal title={props.title} onClose={props.onCancel} initialFocusRef={inputRef}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <label htmlFor={inputId} className="font-semibold text-slate-900">
          {props.label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setError('');
          }}
          onBlur={(event) => setValue(formatAmountText(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className={inputClass}
        />
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          {t('motor.benefits.limitRange', range)}
        </p>
        {props.preview ? props.preview(typed.ok ? typed.value : null) : null}
        {error ? (
          <p id={errorId} role="alert" className="mt-2 font-semibold text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button type="button" onClick={props.onCancel} className={buttonSecondary}>
            {t('motor.benefits.cancel')}
          </button>
          <button type="submit" className={buttonPrimary}>
            {t('motor.benefits.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
