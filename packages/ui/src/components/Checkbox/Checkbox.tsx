import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import * as styles from './Checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'children'> {
  children: ReactNode;
}

/** One yes-or-no answer, its words as the label (react-aria's Checkbox: a real input, keyboard and touch). */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={[styles.checkbox, className].filter(Boolean).join(' ')}>
      <span className={styles.box} aria-hidden>
        <Check size={16} className={styles.mark} />
      </span>
      <span>{children}</span>
    </AriaCheckbox>
  );
}
