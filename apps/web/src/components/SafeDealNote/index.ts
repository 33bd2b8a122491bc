export { SAFE_DEAL_PATH, SafeDealNote } from './SafeDealNote';
