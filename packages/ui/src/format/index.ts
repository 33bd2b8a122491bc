export { formatMoney, wholeDollarsField, type Money } from './money';
