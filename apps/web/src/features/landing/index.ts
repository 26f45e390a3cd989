export { LandingPage, preloadFaqAccordion } from './components/landing-page.tsx';
