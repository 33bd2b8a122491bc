import { Card } from '@recell/ui/Card';
import { ListSection } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { useBlogs } from '../api/list-blogs';

export function BlogsPage() {
  return (
    <ListSection title="Blogs" query={useBlogs()} label="blog posts" empty="No blog posts yet.">
      {({ items }) => (
        <ul className={grid}>
          {items.map((blog) => (
            <Card key={blog._id} as="li" title={blog.title} headingLevel={2}>
              <p>{blog.details}</p>
            </Card>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
