import { Link } from 'react-router';
import { Bone } from '../../../components/ui/skeleton.tsx';
import { useTodaysQuiz } from '../api/get-todays-quiz.ts';

/** SPEC §4: shown when today's daily quiz exists; disabled once answered. */
export function DailyQuizButton() {
  const { data, isPending } = useTodaysQuiz();
  // Its place is kept while it loads: the gacha beside it does not move when it arrives.
  if (isPending) return <Bone kind="button" />;
  if (!data) return null;
  if (data.answered) {
    return (
      <button type="button" className="button button--secondary" disabled>
        本日のデイリークイズは回答済み
      </button>
    );
  }
  return (
    <Link to="/daily-quiz" className="button button--secondary">
      デイリークイズに挑戦
    </Link>
  );
}
