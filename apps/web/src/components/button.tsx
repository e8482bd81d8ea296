import type { ButtonHTMLAttributes } from 'react';
import { buttonDanger, buttonPrimary, buttonSecondary, buttonSmall, linkButton } from './ui';

const variantClasses = {
  primary: buttonPrimary,
  secondary: buttonSecondary,
  small: buttonSmall,
  danger: buttonDanger,
  link: linkButton,
} as const;

export type ButtonVariant = keyof typeof variantClasses;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

/**
 * A button in one of the shared styles (`ui.ts`; a link styled as a button uses the same class
 * names). It is `type="button"` unless told otherwise, so it never submits a form by accident.
 */
export function Button({ variant = 'primary', type = 'button', className = '', ...props }: ButtonProps) {
  return <button type={type} className={`${variantClasses[variant]} ${className}`.trim()} {...props} />;
}
