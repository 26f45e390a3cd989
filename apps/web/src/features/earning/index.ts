export { earningKeys } from './api/keys.ts';
export { AdList } from './components/ad-list.tsx';
export { DailyQuizButton } from './components/daily-quiz-button.tsx';
export { Gacha } from './components/gacha.tsx';
export { useRefreshPoints } from './hooks/use-refresh-points.ts';
