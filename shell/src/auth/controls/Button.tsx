import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './Spinner';
import './controls.css';

type Variant = 'primary' | 'default' | 'outlined' | 'minimal';

/** The class names of a large button of `variant`, full width when `fill`, for buttons and links alike. */
export function buttonClasses(variant: Variant, fill: boolean, extra?: string): string {
  return ['site-button', `site-button--${variant}`, fill && 'site-button--fill', extra].filter(Boolean).join(' ');
}

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'button' | 'submit';
  variant?: Variant;
  fill?: boolean;
  /** Shows a spinner over the label and refuses further presses, as while the form is being sent. */
  loading?: boolean;
  children: ReactNode;
}

export function Button({ type = 'button', variant = 'default', fill = false, loading = false, className, disabled, children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={buttonClasses(variant, fill, className)} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <Spinner size={20} className="site-button__spinner" />}
      <span className="site-button__text">{children}</span>
    </button>
  );
}
