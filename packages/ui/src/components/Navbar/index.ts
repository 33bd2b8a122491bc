export { Navbar, type NavItem, type NavbarProps } from './Navbar';
