export {
  AdvertiserAccountSection,
  AdvertiserSignUpSection,
} from './components/advertiser-account-section.tsx';
export { AdvertiserHome } from './components/advertiser-home.tsx';
