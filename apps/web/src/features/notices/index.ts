export { noticeKeys } from './api/keys.ts';
export { NoticesCard } from './components/notices-card.tsx';
