import { QueryState } from '../../../components/QueryState';
import { card, grid } from '../../../components/styles.css';
import { useBlogs } from '../api/list-blogs';

export function BlogsPage() {
  const blogs = useBlogs();
  return (
    <section aria-labelledby="blogs-title">
      <h1 id="blogs-title">Blogs</h1>
      <QueryState query={blogs} label="blog posts" empty="No blog posts yet.">
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
      </QueryState>
    </section>
  );
}
