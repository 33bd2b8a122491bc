import { GRADES, gradeWords, type components } from '@recell/api';
import * as styles from './GradeGuide.css';

type Condition = components['schemas']['Condition'];

/**
 * What one condition promises, in one line: beside the condition a seller picks and on the listing.
 * `id` lets the choice it explains point at it (aria-describedby).
 */
export function GradeNote({ condition, id }: { condition: Condition; id?: string }) {
  return (
    <p id={id} className={styles.note}>
      {condition}: {gradeWords(condition)}
    </p>
  );
}

/**
 * Every condition and what it promises, folded away under "What the conditions mean": on a listing, under its own
 * grade (beside the catalogue's filters it pushed the first results below the fold). The words are @recell/api's GRADES, the one definition the server also holds listings to.
 */
export function GradeGuide() {
  return (
    <details className={styles.guide}>
      <summary className={styles.summary}>What the conditions mean</summary>
      <dl className={styles.list}>
        {GRADES.map((grade) => (
          <div key={grade.condition}>
            <dt className={styles.term}>
              {grade.condition}: {grade.summary.toLowerCase()}
            </dt>
            <dd className={styles.definition}>{gradeWords(grade.condition)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
