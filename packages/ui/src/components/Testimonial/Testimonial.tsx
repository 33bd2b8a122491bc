import { Avatar } from '../Avatar/Avatar';
import * as styles from './Testimonial.css';

export interface TestimonialProps {
  quote: string;
  name: string;
  /** Where they are from, or what they bought. */
  detail?: string;
  avatar?: string;
}

export function Testimonial({ quote, name, detail, avatar }: TestimonialProps) {
  return (
    <figure className={styles.figure}>
      <blockquote className={styles.quote}>{quote}</blockquote>
      <figcaption className={styles.caption}>
        <Avatar name={name} src={avatar} decorative />
        <span>
          <span className={styles.name}>{name}</span>
          {detail && <span className={styles.detail}>{detail}</span>}
        </span>
      </figcaption>
    </figure>
  );
}
