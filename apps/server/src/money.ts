// The one conversion, shared with the mocks and the web (packages/api/src/money.ts).
export { toCents, toDollars } from '@recell/api';
