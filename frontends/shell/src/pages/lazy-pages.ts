import { lazyPage } from '@mediakit/web-ui/lazy-page';

// The shell's pages, each in a chunk of its own. The home page's chunk is started by index.ts on
// `/` itself, alongside the app's (it holds the largest paint of `/`), so it costs `/` no extra
// round trip and every other page no bytes.
export const HomePage = lazyPage(() =>
  import(/* webpackChunkName: "home" */ './HomePage.tsx').then((m) => m.HomePage),
);
export const AccountPage = lazyPage(() => import('./AccountPage.tsx').then((m) => m.AccountPage));
export const AuthCallbackPage = lazyPage(() =>
  import('./AuthCallbackPage.tsx').then((m) => m.AuthCallbackPage),
);
export const BlogArticlePage = lazyPage(() => import('./BlogArticlePage.tsx').then((m) => m.BlogArticlePage));
export const BlogListPage = lazyPage(() => import('./BlogListPage.tsx').then((m) => m.BlogListPage));
export const ContactPage = lazyPage(() => import('./ContactPage.tsx').then((m) => m.ContactPage));
export const NotFoundPage = lazyPage(() => import('./NotFoundPage.tsx').then((m) => m.NotFoundPage));
export const PricingPage = lazyPage(() => import('./PricingPage.tsx').then((m) => m.PricingPage));
export const PrivacyPage = lazyPage(() => import('./PrivacyPage.tsx').then((m) => m.PrivacyPage));
export const TermsPage = lazyPage(() => import('./TermsPage.tsx').then((m) => m.TermsPage));
