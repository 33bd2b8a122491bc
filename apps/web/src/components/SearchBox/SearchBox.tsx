import { fieldStyles } from '@recell/ui/Field';
import { visuallyHidden } from '@recell/ui/theme';
import { Search } from 'lucide-react';
import { useId } from 'react';
import * as styles from './SearchBox.css';

export interface SearchBoxProps {
  label: string;
  /** The navbar's box is named by its label but shows only the placeholder (there is no room for both). */
  hideLabel?: boolean;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/**
 * A search input (role searchbox) in the fields' look. It does not submit by itself: it sits in a
 * `<form role="search">`, so Enter submits the form as in any form. A native input rather than react-aria's
 * SearchField: the navbar puts it on every page's first paint, where the initial JavaScript has a budget,
 * and the browser already clears it with Escape.
 */
export function SearchBox({ label, hideLabel, placeholder, value, onChange, className }: SearchBoxProps) {
  const id = useId();
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={hideLabel ? visuallyHidden : fieldStyles.label}>
        {label}
      </label>
      <div className={`${fieldStyles.control} ${styles.control}`}>
        <Search aria-hidden size={18} className={styles.icon} />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={fieldStyles.bareInput}
        />
      </div>
    </div>
  );
}
