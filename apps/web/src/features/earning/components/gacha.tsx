import { formatNumber, GACHA_ROLL_MS, japanDateKey, type Me, messages } from '@quiz-points/shared';
import { useEffect, useRef, useState } from 'react';
import { BalanceCountUp } from '../../../components/ui/balance-count-up.tsx';
import { useClaimGacha } from '../api/claim-gacha.ts';
import { useRefreshPoints } from '../hooks/use-refresh-points.ts';

type Phase = { kind: 'idle' } | { kind: 'rolling' } | { kind: 'reward'; reward: number; balance: number };

/** SPEC §4 daily gacha: once a Japan-time day; a 2.5 s roll, then 'N Pt GET!!' and a close button. */
export function Gacha({ me }: { me: Me }) {
  const claim = useClaimGacha();
  const refreshPoints = useRefreshPoints();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState('');
  const close = useRef<HTMLButtonElement>(null);
  const claimedToday =
    me.lastDailyClaim !== null && japanDateKey(new Date(me.lastDailyClaim)) === japanDateKey(new Date());

  useEffect(() => {
    if (phase.kind === 'reward') close.current?.focus();
  }, [phase]);

  const roll = async () => {
    setError('');
    setPhase({ kind: 'rolling' });
    const started = Date.now();
    try {
      const { reward, balance } = await claim.mutateAsync();
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, GACHA_ROLL_MS - (Date.now() - started))),
      );
      setPhase({ kind: 'reward', reward, balance });
      refreshPoints();
    } catch (failure) {
      setPhase({ kind: 'idle' });
      setError(
        failure instanceof Error && failure.message !== messages.networkFailed
          ? failure.message
          : messages.genericError,
      );
    }
  };

  return (
    <>
      <button
        type="button"
        className="button button--gacha"
        onClick={roll}
        disabled={claimedToday || phase.kind !== 'idle'}
      >
        {claimedToday ? '本日のガチャは終了しました' : 'デイリーガチャを回す'}
      </button>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {phase.kind !== 'idle' && (
        <div className="overlay">
          <div className="overlay__dialog" role="dialog" aria-modal="true" aria-labelledby="gacha-title">
            <h2 id="gacha-title" className="visually-hidden">
              デイリーガチャ
            </h2>
            {phase.kind === 'rolling' ? (
              <p role="status" className="gacha__rolling">
                <span className="gacha__capsule" aria-hidden="true" />
                {messages.gachaRolling}
              </p>
            ) : (
              <>
                <p role="status" className="gacha__reward">
                  {formatNumber(phase.reward)} {messages.gachaRewardSuffix}
                </p>
                <BalanceCountUp from={phase.balance - phase.reward} to={phase.balance} />
                <button
                  ref={close}
                  type="button"
                  className="button"
                  onClick={() => setPhase({ kind: 'idle' })}
                >
                  閉じる
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </>
  );
}
