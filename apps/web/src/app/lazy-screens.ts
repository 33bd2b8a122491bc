// Screens other than the home page load on first visit, so the home page's initial JavaScript stays small.
import { lazy } from 'react';

export const LoginPage = lazy(() =>
  import('../features/auth/components/LoginPage').then((m) => ({ default: m.LoginPage })),
);
export const RegisterPage = lazy(() =>
  import('../features/auth/components/RegisterPage').then((m) => ({ default: m.RegisterPage })),
);
export const BlogsPage = lazy(() =>
  import('../features/blogs/components/BlogsPage').then((m) => ({ default: m.BlogsPage })),
);
export const AboutPage = lazy(() =>
  import('../features/home/components/AboutPage').then((m) => ({ default: m.AboutPage })),
);
export const CategoryPage = lazy(() =>
  import('../features/catalogue/components/CategoryPage').then((m) => ({ default: m.CategoryPage })),
);
export const SearchPage = lazy(() =>
  import('../features/catalogue/components/SearchPage').then((m) => ({ default: m.SearchPage })),
);
export const MobilePage = lazy(() =>
  import('../features/catalogue/components/MobilePage').then((m) => ({ default: m.MobilePage })),
);
export const MyOrdersPage = lazy(() =>
  import('../features/bookings/components/MyOrdersPage').then((m) => ({ default: m.MyOrdersPage })),
);
export const CartPage = lazy(() =>
  import('../features/wishlist/components/CartPage').then((m) => ({ default: m.CartPage })),
);
export const PaymentPage = lazy(() => import('./PaymentPage').then((m) => ({ default: m.PaymentPage })));
export const AllUsersPage = lazy(() =>
  import('../features/admin/components/AllUsersPage').then((m) => ({ default: m.AllUsersPage })),
);
export const ReportsPage = lazy(() =>
  import('../features/admin/components/ReportsPage').then((m) => ({ default: m.ReportsPage })),
);
export const AuditLogPage = lazy(() =>
  import('../features/admin/components/AuditLogPage').then((m) => ({ default: m.AuditLogPage })),
);
export const AddProductPage = lazy(() =>
  import('../features/seller/components/AddProductPage').then((m) => ({ default: m.AddProductPage })),
);
export const MyProductPage = lazy(() =>
  import('../features/seller/components/MyProductPage').then((m) => ({ default: m.MyProductPage })),
);
export const MyBuyersPage = lazy(() =>
  import('../features/seller/components/MyBuyersPage').then((m) => ({ default: m.MyBuyersPage })),
);
