export { Pager, pageNumbers } from './Pager';
export { pageFrom, usePageParam } from './use-page-param';
