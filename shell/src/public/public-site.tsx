export { NotFoundPage } from './NotFoundPage';

export function LandingPage() {
  return <h1>Axal Practice</h1>;
}
export const AboutPage = LandingPage;
export const ContactPage = LandingPage;
export const BlogPage = LandingPage;
export const TermsPage = LandingPage;
export const PrivacyPage = LandingPage;
