export { Footer, type FooterColumn, type FooterProps } from './Footer';
