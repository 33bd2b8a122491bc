export { PhoneCard, type PhoneCardProps } from './PhoneCard';
