export { QueryState } from './QueryState';
