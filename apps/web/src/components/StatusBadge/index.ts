export { Availability, StatusBadge } from './StatusBadge';
