import type { ReactNode } from 'react';
import {
  Radio,
  RadioGroup as AriaRadioGroup,
  type RadioGroupProps as AriaRadioGroupProps,
} from 'react-aria-components';
import { FieldHelp, FieldLabel, fieldStyles, type FieldChromeProps } from '../Field/Field';
import * as styles from './RadioGroup.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
}

export interface RadioGroupProps extends Omit<AriaRadioGroupProps, 'children'>, FieldChromeProps {
  options: readonly RadioOption[];
}

/**
 * One choice out of a few, each a full-width row that is easy to tap and never wraps mid-choice at 320 px.
 * Arrow keys move between the choices; with `name` it submits like native radios.
 */
export function RadioGroup({
  label,
  description,
  errorMessage,
  options,
  className,
  ...props
}: RadioGroupProps) {
  return (
    <AriaRadioGroup {...props} className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <FieldLabel>{label}</FieldLabel>
      <div className={styles.options}>
        {options.map((option) => (
          <Radio key={option.value} value={option.value} className={styles.radio}>
            <span aria-hidden className={styles.mark} />
            {option.label}
          </Radio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaRadioGroup>
  );
}
