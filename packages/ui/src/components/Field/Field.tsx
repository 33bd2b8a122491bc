import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { FieldError, Label, Text, type ValidationResult } from 'react-aria-components';
import * as styles from './Field.css';

export type ErrorMessage = string | ((validation: ValidationResult) => string);

/** Shared by every field so labels, help text and errors look and read the same everywhere. */
export interface FieldChromeProps {
  label: ReactNode;
  /** Help text under the field, linked to it with aria-describedby. */
  description?: ReactNode;
  /** Shown when the field is invalid (native constraint, `validate`, or server `validationErrors`). */
  errorMessage?: ErrorMessage;
}

/** The usual error text: `missing` when the field is empty, otherwise what the checks said. */
export function requiredOr(missing: string): ErrorMessage {
  return (validation) =>
    validation.validationDetails.valueMissing ? missing : validation.validationErrors.join(' ');
}

export function FieldLabel({ children }: { children: ReactNode }) {
  return <Label className={styles.label}>{children}</Label>;
}

export function FieldHelp({ description, errorMessage }: Omit<FieldChromeProps, 'label'>) {
  return (
    <>
      {description && (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      )}
      <FieldError className={styles.error}>
        {(validation) => (
          <>
            <CircleAlert aria-hidden size={16} style={{ flexShrink: 0, marginTop: 2 }} />
            <span>
              {typeof errorMessage === 'function'
                ? errorMessage(validation)
                : (errorMessage ?? validation.validationErrors.join(' '))}
            </span>
          </>
        )}
      </FieldError>
    </>
  );
}

export { styles as fieldStyles };
