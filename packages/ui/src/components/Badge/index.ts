export { Badge, type BadgeProps, type BadgeStatus } from './Badge';
