-- A wrong answer to an ad quiz earns 10 % of the reward, at least 1 (packages/shared/src/earning/earning.ts
-- wrongAnswerPoints says the same for the browser; a test holds the two equal).
create or replace function qp_wrong_answer_points(p_user_reward integer) returns integer
language sql immutable as $$
  select greatest(1, p_user_reward / 10)
$$;

-- Whether an ad still takes answers (SPEC §4): approved and delivering, or stopped at its cap (those it
-- was delivered to may still answer); an ad its advertiser ended takes none. The answer refuses, and
-- the ad list leaves out, by this one rule.
create or replace function qp_ad_takes_answers(p_ad ads) returns boolean
language sql stable as $$
  select p_ad.status = 'approved' and (p_ad.is_active or not qp_ad_has_room(p_ad.id))
$$;

-- The answer names the member's new balance too: a result changes a function's type, which
-- `create or replace` cannot, so the one before it goes first.
drop function if exists qp_answer_ad_quiz(text, uuid, integer, integer, integer, integer, timestamptz, integer, integer);
create or replace function qp_answer_ad_quiz(
  p_token text, p_ad_id uuid, p_option integer, p_wait_seconds integer, p_rate_limit integer,
  p_rate_window_seconds integer, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer
) returns table (is_correct boolean, points integer, correct_option integer, balance integer)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_response quiz_responses;
  v_ad ads;
  v_correct integer;
  v_is_correct boolean;
  v_points integer;
  v_balance integer;
begin
  if not qp_count_rate_limit_hit('answer:user:' || v_user.id, p_rate_limit, p_rate_window_seconds) then
    perform qp_refuse('RATE_LIMITED');
  end if;
  select * into v_response from quiz_responses
  where email_hash = v_user.email_hash and ad_id = p_ad_id for update;
  select * into v_ad from ads where id = p_ad_id;
  if v_ad.id is null then
    perform qp_refuse('NOT_FOUND', 'quizNotFound');
  end if;
  if v_response.clicked_at is null then
    perform qp_refuse('CONFLICT', 'openAdFirst');
  end if;
  if v_response.answered_at is not null then
    perform qp_refuse('CONFLICT', 'adAlreadyAnswered');
  end if;
  if not qp_ad_takes_answers(v_ad) then
    perform qp_refuse('CONFLICT', 'adEnded');
  end if;
  if p_now - v_response.clicked_at < make_interval(secs => p_wait_seconds) then
    perform qp_refuse('TOO_EARLY', 'waitBeforeAnswer');
  end if;
  if p_option > jsonb_array_length(v_ad.quiz_options) then
    perform qp_refuse('VALIDATION', 'chooseOneOption');
  end if;
  select correct_option_index into v_correct from quiz_answers where ad_id = p_ad_id;
  if v_correct is null then
    perform qp_refuse('NOT_FOUND', 'quizNotFound');
  end if;
  v_is_correct := p_option = v_correct;
  v_points := case when v_is_correct then v_ad.user_reward else qp_wrong_answer_points(v_ad.user_reward) end;
  update quiz_responses
  set answered_at = p_now, selected_option = p_option, is_correct = v_is_correct, reward_given = true,
      points_awarded = v_points
  where id = v_response.id;
  v_balance := qp_apply_point_change(
    v_user.id, v_points, 'ad_quiz', p_ad_id::text,
    case when v_is_correct then 'クイズ正解：' else 'クイズ回答：' end || v_ad.ad_title
  );
  return query select v_is_correct, v_points, v_correct, v_balance;
end
$$;
