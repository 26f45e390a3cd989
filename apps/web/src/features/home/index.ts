export { HomePage, preloadHomePage } from './components/home-page.tsx';
