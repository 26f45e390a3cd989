-- Hot paths in one round trip (issue 14, docs/decisions/013-one-round-trip.md). The rules a hot
-- request applies inside its single statement live here, once; the server calls them, and its
-- other paths call the same functions (the ledger, rate limits, who is a member).
--
-- A refusal raises SQLSTATE QPREF with the error code of packages/shared/src/errors.ts as its
-- message and, when the refusal has a message of its own, the catalogue key as its detail
-- (db/hot-statement.ts turns it into a DomainError). Raising rolls the whole statement back, so a
-- refused request changes nothing, as a refused transaction did before.
create function qp_refuse(p_code text, p_message_key text default '') returns void
language plpgsql as $$
begin
  raise exception using errcode = 'QPREF', message = p_code, detail = p_message_key;
end
$$;
--> statement-breakpoint

-- Who is a member (decision 012), the one place this is decided: a Google user, not withdrawn, who
-- completed signup and is 18 or over on today's Japan-time calendar day, counted in whole years as
-- ageOn (packages/shared/src/age.ts) counts them: born on 29 February, 18 on 1 March.
create function qp_is_member(u users, p_now timestamptz) returns boolean
language sql stable as $$
  select u.role = 'user'
    and u.withdrawn_at is null
    and u.signup_completed_at is not null
    and u.birth_date is not null
    and extract(year from age((p_now at time zone 'Asia/Tokyo')::date, u.birth_date)) >= 18
$$;
--> statement-breakpoint

-- The member behind a session token, refused in the order the guards refuse (http/guards.ts
-- requireMember): no live session, not a Google user, suspended, not a member. The user's row is
-- locked to the end of the statement, so one person's hot requests queue rather than race. The
-- session's life is extended once a day, as better-auth does (services/identity/session-lookup.ts).
create function qp_member(p_token text, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer)
returns users
language plpgsql as $$
declare
  v_session auth_sessions;
  v_user users;
begin
  select * into v_session from auth_sessions where token = p_token and expires_at > p_now;
  if v_session.id is not null then
    select * into v_user from users where id = v_session.user_id and withdrawn_at is null for update;
  end if;
  if v_user.id is null then
    perform qp_refuse('UNAUTHENTICATED');
  end if;
  if v_user.role <> 'user' then
    perform qp_refuse('FORBIDDEN');
  end if;
  if v_user.banned then
    perform qp_refuse('SUSPENDED');
  end if;
  if not qp_is_member(v_user, p_now) then
    perform qp_refuse('SIGNUP_REQUIRED');
  end if;
  if v_session.expires_at < p_now + make_interval(secs => p_life_seconds - p_refresh_after_seconds) then
    update auth_sessions set expires_at = p_now + make_interval(secs => p_life_seconds), updated_at = p_now
    where id = v_session.id;
  end if;
  return v_user;
end
$$;
--> statement-breakpoint

-- A fixed window of hits per key, kept in the database so it holds across instances
-- (domain/rate-limits/consume-rate-limit.ts calls it too). True while within the limit.
create function qp_count_rate_limit_hit(p_key text, p_limit integer, p_window_seconds integer) returns boolean
language sql as $$
  insert into rate_limits (key, window_started_at, hits) values (p_key, now(), 1)
  on conflict (key) do update set
    hits = case when rate_limits.window_started_at <= now() - make_interval(secs => p_window_seconds)
                then 1 else rate_limits.hits + 1 end,
    window_started_at = case when rate_limits.window_started_at <= now() - make_interval(secs => p_window_seconds)
                then now() else rate_limits.window_started_at end
  returning hits <= p_limit
$$;
--> statement-breakpoint

-- The only place points change (domain/points/ledger.ts calls it for every other cause): the
-- ledger row, unique per user, reason and cause, and the balance, which never goes below zero.
-- Returns the new balance, or null when this cause was already recorded (nothing changes).
create function qp_apply_point_change(
  p_user_id text, p_points integer, p_reason text, p_ref text, p_memo text
) returns integer
language plpgsql as $$
declare
  v_balance integer;
begin
  if p_points is null or p_points = 0 then
    raise exception 'a point change must be a non-zero integer';
  end if;
  insert into point_transactions (user_id, points, reason, ref, memo)
  values (p_user_id, p_points, p_reason, p_ref, p_memo)
  on conflict (user_id, reason, ref) do nothing;
  if not found then
    return null;
  end if;
  update users set points = points + p_points, updated_at = now()
  where id = p_user_id and points + p_points >= 0
  returning points into v_balance;
  if v_balance is null then
    perform qp_refuse('INSUFFICIENT_POINTS');
  end if;
  return v_balance;
end
$$;
--> statement-breakpoint

-- The daily gacha (SPEC §4): one claim per Japan-time day (the user's row held, and the ledger's
-- cause key, the day), the reward drawn from the configured weighted table (p_default_table when
-- the admin never stored one) with p_roll in [0, 1).
create function qp_claim_gacha(
  p_token text, p_roll double precision, p_default_table jsonb, p_now timestamptz,
  p_life_seconds integer, p_refresh_after_seconds integer
) returns table (reward integer)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_today text := to_char(p_now at time zone 'Asia/Tokyo', 'YYYYMMDD');
  v_table jsonb := coalesce((select value from app_settings where key = 'gachaTable'), p_default_table);
  v_left double precision;
  v_entry jsonb;
  v_reward integer;
begin
  if to_char(v_user.last_daily_claim at time zone 'Asia/Tokyo', 'YYYYMMDD') = v_today then
    perform qp_refuse('CONFLICT', 'gachaAlreadyClaimed');
  end if;
  v_left := p_roll * (select sum((e ->> 'weight')::double precision) from jsonb_array_elements(v_table) e);
  for v_entry in select * from jsonb_array_elements(v_table) loop
    v_reward := (v_entry ->> 'points')::integer;
    exit when v_left < (v_entry ->> 'weight')::double precision;
    v_left := v_left - (v_entry ->> 'weight')::double precision;
  end loop;
  if qp_apply_point_change(v_user.id, v_reward, 'gacha', v_today, 'デイリーガチャ') is null then
    perform qp_refuse('CONFLICT', 'gachaAlreadyClaimed');
  end if;
  update users set last_daily_claim = p_now, updated_at = p_now where id = v_user.id;
  return query select v_reward;
end
$$;
--> statement-breakpoint

-- A wrong answer to an ad quiz earns 10 % of the reward, at least 1 (packages/shared/src/earning.ts
-- wrongAnswerPoints says the same for the browser; a test holds the two equal).
create function qp_wrong_answer_points(p_user_reward integer) returns integer
language sql immutable as $$
  select greatest(1, p_user_reward / 10)
$$;
--> statement-breakpoint

-- Grading an ad quiz (SPEC §4, SPEC-NOTES "The server decides"): only after a recorded click at
-- least p_wait_seconds earlier by the server's clock, once per person and ad (the response row
-- held); the full reward when right, qp_wrong_answer_points when wrong; counted against the
-- person's answer limit.
create function qp_answer_ad_quiz(
  p_token text, p_ad_id uuid, p_option integer, p_wait_seconds integer, p_rate_limit integer,
  p_rate_window_seconds integer, p_now timestamptz, p_life_seconds integer, p_refresh_after_seconds integer
) returns table (is_correct boolean, points integer, correct_option integer)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_response quiz_responses;
  v_ad ads;
  v_correct integer;
  v_is_correct boolean;
  v_points integer;
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
  -- An ad that stopped at its cap still takes the answers of those it was delivered to.
  if v_ad.status <> 'approved' or (not v_ad.is_active and v_ad.delivery_count < v_ad.max_deliveries) then
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
  perform qp_apply_point_change(
    v_user.id, v_points, 'ad_quiz', p_ad_id::text,
    case when v_is_correct then 'クイズ正解：' else 'クイズ回答：' end || v_ad.ad_title
  );
  return query select v_is_correct, v_points, v_correct;
end
$$;
--> statement-breakpoint

-- Today's daily quiz (SPEC §4), answered once per person and Japan-time day: graded here, points
-- from the settings (p_default_points when never stored). The quiz row is read `for share`, the
-- lock an edit takes exclusively (domain/daily-quiz/update-daily-quiz.ts), so an answer never
-- meets a half-edited quiz.
create function qp_answer_daily_quiz(
  p_token text, p_option integer, p_default_points jsonb, p_now timestamptz,
  p_life_seconds integer, p_refresh_after_seconds integer
) returns table (is_correct boolean, points integer, correct_option integer, explanation text)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_today text := to_char(p_now at time zone 'Asia/Tokyo', 'YYYYMMDD');
  v_quiz daily_quizzes;
  v_table jsonb := coalesce((select value from app_settings where key = 'dailyQuizPoints'), p_default_points);
  v_is_correct boolean;
  v_points integer;
  v_inserted boolean;
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
    perform qp_apply_point_change(v_user.id, v_points, 'daily_quiz', v_today, 'デイリークイズ');
  end if;
  update users set last_daily_quiz_id = v_today, updated_at = p_now where id = v_user.id;
  return query select v_is_correct, v_points, v_quiz.correct_option_index::integer, v_quiz.explanation::text;
end
$$;
--> statement-breakpoint

-- A point exchange (SPEC §4, §9): a gift type and amount the settings offer (p_default_types when
-- never stored), a verified phone, then the request and its debit together, so no number of
-- simultaneous requests can overdraw (qp_apply_point_change refuses INSUFFICIENT_POINTS). Returns
-- the request with what its confirmation mail needs.
create function qp_request_gift(
  p_token text, p_gift_type text, p_points integer, p_default_types jsonb, p_now timestamptz,
  p_life_seconds integer, p_refresh_after_seconds integer
) returns table (
  id uuid, gift_type text, points_used integer, status text, created_at timestamptz, email text, label text
)
language plpgsql as $$
declare
  v_user users := qp_member(p_token, p_now, p_life_seconds, p_refresh_after_seconds);
  v_types jsonb := coalesce((select value from app_settings where key = 'giftTypes'), p_default_types);
  v_type jsonb;
  v_request gift_requests;
begin
  select t into v_type from jsonb_array_elements(v_types) t where t ->> 'id' = p_gift_type;
  if v_type is null then
    perform qp_refuse('VALIDATION', 'giftTypeUnavailable');
  end if;
  if not (v_type -> 'amounts') @> to_jsonb(p_points) then
    perform qp_refuse('VALIDATION', 'giftAmountInvalid');
  end if;
  if v_user.phone_verified_at is null then
    perform qp_refuse('PHONE_REQUIRED', 'giftNeedsPhone');
  end if;
  insert into gift_requests (user_id, gift_type, points_used, created_at)
  values (v_user.id, p_gift_type, p_points, p_now)
  returning * into v_request;
  perform qp_apply_point_change(v_user.id, -p_points, 'gift_request', v_request.id::text, (v_type ->> 'label') || 'への交換');
  return query select v_request.id, v_request.gift_type, v_request.points_used, v_request.status,
    v_request.created_at, v_user.email, v_type ->> 'label';
end
$$;
