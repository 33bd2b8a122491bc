import { ListSection } from '../../../components/QueryState';
import { card, grid } from '../../../components/styles.css';
import { useBlogs } from '../api/list-blogs';

export function BlogsPage() {
  return (
    <ListSection title="Blogs" query={useBlogs()} label="blog posts" empty="No blog posts yet.">
      {({ items }) => (
        <ul className={grid}>
          {items.map((blog) => (
            <li key={blog._id} className={card}>
              <h2>{blog.title}</h2>
              <p>{blog.details}</p>
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
