import { type AdminAuditEntry, messages, type SuspensionBody, suspensionBody } from '@quiz-points/shared';
import { type ReactNode, useState } from 'react';
import { ConfirmStep } from '../../../components/ui/confirm-step.tsx';
import { InlineForm, useInlineForm } from '../../../components/ui/inline-form.tsx';
import { TitledSection } from '../../../components/ui/titled-section.tsx';
import { ApiError } from '../../../lib/api.ts';

/** One word for suspending, one for lifting it. */
interface Either {
  suspend: string;
  lift: string;
}

/** Who is suspended or reinstated: a member or an advertiser, as the admin's overview shows them. */
interface Subject {
  id: string;
  isSuspended: boolean;
  banReason: string | null;
  activeSessions: number;
}

/** What the admin confirms before the change is sent: the question, its button and what will happen. */
export interface SuspensionConfirmation {
  question: string;
  confirmLabel: string;
  details: ReactNode;
}

/**
 * A member's or an advertiser's suspension (or its lifting) in the admin's overview: the state, a
 * reason, and, when `confirmation` says what will happen, an in-page confirmation before it is sent.
 * Each page keeps its own words (`title`, `suspendedState`, `reasonLabel`, `buttonLabel`) and says
 * what was done (`doneText`, from what it sent and the server's answer).
 */
export function SuspensionSection<Result>({
  subject,
  mutation,
  title,
  formId,
  suspendedState,
  reasonLabel,
  buttonLabel,
  doneText,
  confirmation,
}: {
  subject: Subject;
  mutation: {
    mutateAsync: (variables: { userId: string; body: SuspensionBody }) => Promise<Result>;
    isPending: boolean;
  };
  title: string;
  formId: string;
  /** The state shown while suspended, before （理由：…）. */
  suspendedState: string;
  reasonLabel: Either;
  buttonLabel: Either;
  doneText: (body: SuspensionBody, result: Result) => string;
  confirmation?: (body: SuspensionBody) => SuspensionConfirmation;
}) {
  const [done, setDone] = useState('');
  const [proposed, setProposed] = useState<SuspensionBody | null>(null);
  const suspend = !subject.isSuspended;
  const send = async (body: SuspensionBody) => {
    try {
      const result = await mutation.mutateAsync({ userId: subject.id, body });
      reason.setText('');
      setDone(doneText(body, result));
    } catch (failure) {
      reason.form.fail(failure instanceof ApiError ? failure.message : messages.updateFailed);
    }
    setProposed(null);
  };
  const reason = useInlineForm({
    schema: suspensionBody,
    field: 'reason',
    input: (text) => ({ suspended: suspend, reason: text }),
    onValid: async (body) => {
      setDone('');
      if (confirmation) setProposed(body);
      else await send(body);
    },
    onInvalid: () => {
      setDone('');
      setProposed(null);
    },
  });
  const asked = proposed && confirmation?.(proposed);

  return (
    <TitledSection className="card" titleId="suspension-title" title={title}>
      <p>
        状態：{subject.isSuspended ? `${suspendedState}（理由：${subject.banReason ?? '―'}）` : '利用中'} ／
        ログイン中のセッション {subject.activeSessions}件
      </p>
      <InlineForm
        id={formId}
        label={suspend ? reasonLabel.suspend : reasonLabel.lift}
        hideLabel
        {...reason.props}
        buttonLabel={suspend ? buttonLabel.suspend : buttonLabel.lift}
        disabled={proposed !== null}
        pending={mutation.isPending}
        tone={suspend ? 'danger' : 'primary'}
      >
        {done && (
          <p role="status" className="form-success">
            {done}
          </p>
        )}
      </InlineForm>
      {proposed && asked && (
        <ConfirmStep
          question={asked.question}
          confirmLabel={asked.confirmLabel}
          tone={proposed.suspended ? 'danger' : 'primary'}
          pending={mutation.isPending}
          onConfirm={() => void send(proposed)}
          onCancel={() => setProposed(null)}
        >
          {asked.details}
        </ConfirmStep>
      )}
    </TitledSection>
  );
}

/** The suspensions and their liftings, newest first, each with its reason, when and by whom. */
export function SuspensionHistory({
  entries,
  titleId,
  title,
  testId,
  actionLabel,
  when,
}: {
  entries: AdminAuditEntry[];
  titleId: string;
  title: string;
  testId: string;
  actionLabel: Either;
  when: (actedAt: string) => string;
}) {
  return (
    <TitledSection className="card" titleId={titleId} title={title}>
      {entries.length === 0 ? (
        <p className="note">履歴はありません。</p>
      ) : (
        <ul className="ad-list">
          {entries.map((entry) => (
            <li key={entry.id} data-testid={testId}>
              <p>
                {entry.action === 'suspend' ? actionLabel.suspend : actionLabel.lift}：{entry.reason}
              </p>
              <p className="note">
                {when(entry.actedAt)} ／ {entry.actedBy}
              </p>
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
