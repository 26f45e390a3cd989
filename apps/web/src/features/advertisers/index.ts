export {
  AdvertiserAccountSection,
  AdvertiserSignUpSection,
} from './components/advertiser-account-section.tsx';
