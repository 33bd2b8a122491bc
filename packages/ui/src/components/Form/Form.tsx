import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Form as AriaForm, type FormProps as AriaFormProps } from 'react-aria-components';
import * as styles from './Form.css';

export interface FormProps extends AriaFormProps {
  /** A message for the whole form (a server error); announced as an alert. */
  formError?: ReactNode;
}

/**
 * Native form validation through react-aria: errors show under each field after submit (or on blur once
 * touched), the first invalid field gets focus, and `validationErrors` shows a server's field errors.
 */
export function Form({ formError, className, children, ...props }: FormProps) {
  return (
    <AriaForm {...props} className={[styles.form, className].filter(Boolean).join(' ')}>
      {formError && (
        <div role="alert" className={styles.formError}>
          <CircleAlert aria-hidden size={20} style={{ flexShrink: 0 }} />
          <div>{formError}</div>
        </div>
      )}
      {children}
    </AriaForm>
  );
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
