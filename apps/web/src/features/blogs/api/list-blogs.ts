import { unwrap } from '@recell/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi, type Api } from '../../../lib/api';

export const listBlogs = (api: Api) => unwrap(api.GET('/blogs'));

export const listBlogsQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ['blogs'], queryFn: () => listBlogs(api) });

export const useBlogs = () => useQuery(listBlogsQueryOptions(useApi()));
