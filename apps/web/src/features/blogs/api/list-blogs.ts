import { unwrap } from '@recell/api';
import { SERVED_BLOGS_ELEMENT } from '@recell/api/pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';
import { takeServedData } from '../../../lib/served';

export const listBlogs = (api: Api) => unwrap(api.GET('/blogs'));

export const blogsQueryKey = ['blogs'] as const;

export const listBlogsQueryOptions = (api: Api) =>
  queryOptions({
    queryKey: blogsQueryKey,
    queryFn: () => listBlogs(api),
    // the posts the server served in the page (the same for everyone), as its frame of the page drew them
    initialData: () => takeServedData<Awaited<ReturnType<typeof listBlogs>>>(SERVED_BLOGS_ELEMENT),
  });

export const useBlogs = () => useQuery(listBlogsQueryOptions(useApi()));
