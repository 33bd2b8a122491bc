export { CardPaymentForm, type CardDetails, type CardPaymentFormProps } from './CardPaymentForm';
export { formatCardNumber, formatExpiry, isExpired, luhnValid, parseExpiry } from './card';
