export { ListSection } from './ListSection';
export { QueryState } from './QueryState';
