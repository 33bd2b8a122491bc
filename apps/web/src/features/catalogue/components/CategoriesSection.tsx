import { Card } from '@recell/ui/Card';
import { LinkButton } from '@recell/ui/LinkButton';
import { QueryState } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { useCategories } from '../api/list-categories';

/** The home page shows at most this many categories (§9). */
export const HOME_CATEGORY_LIMIT = 5;

export function CategoriesSection() {
  const categories = useCategories();
  return (
    <section aria-labelledby="categories-title">
      <h2 id="categories-title">Categories</h2>
      <QueryState query={categories} label="categories" empty="No categories yet.">
        {({ items }) => (
          <ul className={grid}>
            {items.slice(0, HOME_CATEGORY_LIMIT).map((category) => (
              <Card
                key={category.category_id}
                as="li"
                title={category.category_name}
                actions={
                  <LinkButton
                    href={`/category/${category.category_id}`}
                    aria-label={`See Products: ${category.category_name}`}
                  >
                    See Products
                  </LinkButton>
                }
              />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
