import { lazy, type ComponentType } from 'react';
import './public-site.css';

/**
 * The public area: plain React and CSS only. The landing page comes with this chunk; every other page, mostly
 * text, is a chunk of its own so the landing page does not download it.
 */
export { LandingPage } from './landing/LandingPage';

/** A page fetched on its first visit; the router's Suspense boundary shows the loading state meanwhile. */
function pageOnDemand(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return function PageOnDemand() {
    return <Page />;
  };
}

export const AboutPage = pageOnDemand(() => import('./info/AboutPage').then((page) => page.AboutPage));
export const BlogPage = pageOnDemand(() => import('./info/BlogPage').then((page) => page.BlogPage));
export const ContactPage = pageOnDemand(() => import('./info/ContactPage').then((page) => page.ContactPage));
export const PrivacyPage = pageOnDemand(() => import('./info/PrivacyPage').then((page) => page.PrivacyPage));
export const TermsPage = pageOnDemand(() => import('./info/TermsPage').then((page) => page.TermsPage));
export const NotFoundPage = pageOnDemand(() => import('./NotFoundPage').then((page) => page.NotFoundPage));
