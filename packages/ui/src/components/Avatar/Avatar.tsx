import { useState } from 'react';
import * as styles from './Avatar.css';
import { initials } from './initials';

export interface AvatarProps {
  /** Whose avatar: the accessible name, and the initials when there is no picture. */
  name: string;
  src?: string;
  size?: 'sm' | 'md' | 'lg';
  /** When the name is already written next to the avatar, hide it from screen readers. */
  decorative?: boolean;
  className?: string;
}

export function Avatar({ name, src, size = 'md', decorative = false, className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const classes = [styles.avatar, styles.size[size], className].filter(Boolean).join(' ');
  const label = decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name };
  return (
    <span className={classes} {...label}>
      {src && !failed ? (
        <img className={styles.image} src={src} alt="" onError={() => setFailed(true)} />
      ) : (
        initials(name)
      )}
    </span>
  );
}
