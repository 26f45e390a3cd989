-- Today's daily quiz (SPEC §4), answered once per person and Japan-time day: graded here, points
-- from the settings (p_default_points when never stored). The quiz row is read `for share`, the
-- lock an edit takes exclusively (domain/daily-quiz/update-daily-quiz.ts), so an answer never
-- meets a half-edited quiz.
-- It names the member's new balance too (a new result type: the function before it goes first).
drop function if exists qp_answer_daily_quiz(text, integer, jsonb, timestamptz, integer, integer);
create or replace function qp_answer_daily_quiz(
  p_token text, p_option integer, p_default_points jsonb, p_now timestamptz,
  p_life_seconds integer, p_refresh_after_seconds integer
) returns table (is_correct boolean, points integer, correct_option integer, explanation text, balance integer)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_today text := to_char(p_now at time zone 'Asia/Tokyo', 'YYYYMMDD');
  v_quiz daily_quizzes;
  v_table jsonb := coalesce((select value from app_settings where key = 'dailyQuizPoints'), p_default_points);
  v_is_correct boolean;
  v_points integer;
  v_inserted boolean;
  v_balance integer := v_user.points;
begin
  select * into v_quiz from daily_quizzes where publish_date = v_today for share;
  if v_quiz.publish_date is null then
    perform qp_refuse('NOT_FOUND', 'dailyQuizNotPublished');
  end if;
  if p_option > jsonb_array_length(v_quiz.quiz_options) then
    perform qp_refuse('VALIDATION', 'chooseOneOption');
  end if;
  v_is_correct := p_option = v_quiz.correct_option_index;
  v_points := (v_table ->> case when v_is_correct then 'correct' else 'wrong' end)::integer;
  insert into quiz_responses (
    user_id, email_hash, daily_quiz_id, clicked_at, answered_at, selected_option, is_correct,
    reward_given, points_awarded
  )
  values (v_user.id, v_user.email_hash, v_today, p_now, p_now, p_option, v_is_correct, v_points > 0, v_points)
  on conflict do nothing
  returning true into v_inserted;
  if v_inserted is null then
    perform qp_refuse('CONFLICT', 'dailyQuizAlreadyAnswered');
  end if;
  if v_points > 0 then
    v_balance := qp_apply_point_change(v_user.id, v_points, 'daily_quiz', v_today, 'デイリークイズ');
  end if;
  update users set last_daily_quiz_id = v_today, updated_at = p_now where id = v_user.id;
  return query
    select v_is_correct, v_points, v_quiz.correct_option_index::integer, v_quiz.explanation::text, v_balance;
end
$$;
